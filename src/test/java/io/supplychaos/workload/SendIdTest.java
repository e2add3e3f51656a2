package io.supplychaos.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/** The send id the load generator stamps on each record and the read-back reads: one send, one id. */
class SendIdTest {

    @Test
    void shouldReadBackTheSendIdItStamped() {
        // given a record's headers stamped with send 42
        RecordHeaders headers = new RecordHeaders();
        headers.add(SendId.header(42));

        // then the read-back reads 42 from them
        assertThat(SendId.of(headers)).isEqualTo(42L);
        assertThat(headers.lastHeader(SendId.HEADER).value()).isEqualTo("42".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void shouldGiveEachSendItsOwnId() {
        SendId ids = new SendId();

        assertThat(ids.next()).isNotEqualTo(ids.next());
    }

    @Test
    void shouldReadNoSendIdFromARecordWithoutTheHeaderOrWithAnUnreadableOne() {
        // given a record someone else wrote (no header), and one whose header is not a number
        RecordHeaders foreign = new RecordHeaders();
        RecordHeaders garbled = new RecordHeaders();
        garbled.add(SendId.HEADER, "not-a-number".getBytes(StandardCharsets.UTF_8));

        // then neither is taken for a send of the load generator
        assertThat(SendId.of(foreign)).isNull();
        assertThat(SendId.of(garbled)).isNull();
        assertThat(SendId.of(null)).isNull();
    }
}
