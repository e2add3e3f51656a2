package io.supplychaos.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Order;
import io.supplychaos.domain.Priority;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;

/** What the recorder writes to the run's history, and that a failing callback is never lost. */
class RunRecorderHistoryTest {

    private final HistoryLog history = new HistoryLog();
    private final ToolFailures failures = new ToolFailures(history);
    private final RunRecorder recorder = new RunRecorder(history, failures);

    private static Order order(String id, long placedAt) {
        return new Order(id, "hospital-1", "amoxicillin", 3, Priority.ROUTINE, placedAt);
    }

    @Test
    void shouldRecordSendAckAndFailureWithTheirTimes() {
        // given two orders, one acknowledged and one that failed
        Order acked = order("o-1", 1_000);
        Order failed = order("o-2", 1_010);
        recorder.sending(acked, false);
        recorder.sending(failed, true);

        // when Kafka answers
        recorder.acked(acked, false, new RecordMetadata(new TopicPartition("order-placed", 4), 17, 0, 0, 0, 0), 1_001, 1_020);
        recorder.failed(failed, true, new org.apache.kafka.common.errors.TimeoutException("expired"), 1_500);

        // then the history holds the intended time, where the ack landed and the error
        assertThat(history.events()).filteredOn(HistoryEvent.Sent.class::isInstance).map(HistoryEvent.Sent.class::cast)
                .extracting(HistoryEvent.Sent::orderId, HistoryEvent.Sent::intendedAt, HistoryEvent.Sent::warmup)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("o-1", 1_000L, false),
                        org.assertj.core.groups.Tuple.tuple("o-2", 1_010L, true));
        assertThat(history.events()).contains(new HistoryEvent.Acked("o-1", 4, 17, 1_020));
        assertThat(history.events()).filteredOn(HistoryEvent.SendFailed.class::isInstance)
                .map(HistoryEvent.SendFailed.class::cast).singleElement()
                .satisfies(sendFailed -> assertThat(sendFailed.error()).contains("TimeoutException: expired"));
        assertThat(failures.any()).isFalse();
    }

    @Test
    void shouldRecordAToolErrorWhenACallbackFailsInsteadOfLosingTheOrder() {
        // given an order sent
        Order order = order("o-1", 1_000);
        recorder.sending(order, false);

        // when its acknowledgement cannot be recorded (no metadata)
        recorder.acked(order, false, null, 1_001, 1_020);

        // then the failure is recorded and the run will end as ERROR
        assertThat(failures.first()).hasValueSatisfying(error -> {
            assertThat(error.where()).contains("o-1");
            assertThat(error.cause()).contains("NullPointerException");
        });
        assertThat(history.events()).filteredOn(HistoryEvent.ToolError.class::isInstance).hasSize(1);
    }
}
