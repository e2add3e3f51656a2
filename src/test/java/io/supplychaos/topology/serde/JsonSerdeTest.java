package io.supplychaos.topology.serde;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.topology.state.OrderTimeline;

/** Records written before a field existed still decode: the field takes its "none" value. */
class JsonSerdeTest {

    @Test
    void goodsWrittenBeforeTheBackorderFlagDecodeAsNotBackordered() {
        // given drug-manufactured's value as the app wrote it before goods said whether the order waited
        String old = """
                {"orderId":"o1","hospitalId":"h1","drugId":"insulin","batchId":"insulin-initial","quantity":2,\
                "placedAt":1000,"manufacturedAt":1100}""";

        // when decoded
        Batch goods = JsonSerde.of(Batch.class).deserializer().deserialize("drug-manufactured",
                old.getBytes(StandardCharsets.UTF_8));

        // then it is goods from stock on hand, and a new record carries the flag both ways
        assertThat(goods.backordered()).isFalse();
        assertThat(goods.quantity()).isEqualTo(2);
        Batch waited = new Batch("o1", "h1", "insulin", "b1", 2, 1000, 1100, true);
        JsonSerde<Batch> serde = JsonSerde.of(Batch.class);
        assertThat(serde.deserializer().deserialize("t", serde.serializer().serialize("t", waited))).isEqualTo(waited);
    }

    @Test
    void aTimelineWrittenBeforeWaitingEventsCarriedAnAfterStateDecodesWithNone() {
        // given a timeline whose pending event has no "after" field
        String old = """
                {"orderId":"o1","hospitalId":"h1","drugId":"insulin","placedAt":1000,"notified":[],\
                "pending":[{"orderId":"o1","hospitalId":"h1","drugId":"insulin","status":"DISPATCHED",\
                "detail":"s1","placedAt":1000}]}""";

        // when decoded
        OrderTimeline timeline = JsonSerde.of(OrderTimeline.class).deserializer().deserialize("timeline",
                old.getBytes(StandardCharsets.UTF_8));

        // then the waiting event requires only what its status requires
        assertThat(timeline.pending()).singleElement().satisfies(event -> {
            assertThat(event.status()).isEqualTo(OrderStatus.DISPATCHED);
            assertThat(event.after()).isNull();
        });
    }
}
