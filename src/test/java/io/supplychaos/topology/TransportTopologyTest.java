package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.ShipmentState;
import io.supplychaos.domain.ShipmentStatus;

/** The transport stage: shipment states, transit time, and late or repeated goods. */
class TransportTopologyTest {

    private ChainDriver chain;

    @AfterEach
    void stop() {
        chain.close();
    }

    @Test
    void shouldEmitAllShipmentStatesInOrderWhenTransitTimeIsZero() {
        chain = ChainDriver.start(ChainDriver.smallSettings());

        chain.goodsIn.pipeInput("o1", goods("o1"));

        assertThat(chain.shipments.readValuesToList()).extracting(ShipmentStatus::status)
                .containsExactly(ShipmentState.DISPATCHED, ShipmentState.IN_TRANSIT, ShipmentState.DELIVERED);
    }

    @Test
    void shouldAdvanceShipmentOnlyAsTransitTimePasses() {
        chain = ChainDriver.start(ChainDriver.smallSettings().withTransitTime(Duration.ofSeconds(10)));

        chain.goodsIn.pipeInput("o1", goods("o1"));
        assertThat(chain.shipments.readValuesToList()).extracting(ShipmentStatus::status)
                .containsExactly(ShipmentState.DISPATCHED);

        chain.advance(Duration.ofSeconds(4));
        assertThat(chain.shipments.isEmpty()).as("half the transit time not over").isTrue();
        chain.advance(Duration.ofSeconds(1));
        assertThat(chain.shipments.readValuesToList()).extracting(ShipmentStatus::status)
                .containsExactly(ShipmentState.IN_TRANSIT);
        chain.advance(Duration.ofSeconds(5));
        ShipmentStatus delivered = chain.shipments.readValue();
        assertThat(delivered.status()).isEqualTo(ShipmentState.DELIVERED);
        assertThat(delivered.at()).isEqualTo(chain.now());
        chain.advance(Duration.ofSeconds(30));
        assertThat(chain.shipments.isEmpty()).as("nothing after DELIVERED").isTrue();
    }

    @Test
    void shouldIgnoreRepeatedGoodsForAnOrderAlreadyShipped() {
        chain = ChainDriver.start(ChainDriver.smallSettings().withTransitTime(Duration.ofSeconds(10)));
        chain.goodsIn.pipeInput("o1", goods("o1"));
        chain.advance(Duration.ofSeconds(5));
        chain.shipments.readValuesToList();

        chain.goodsIn.pipeInput("o1", goods("o1"));

        assertThat(chain.shipments.isEmpty()).as("a repeated record does not restart the shipment").isTrue();
        assertThat(metric(TransportTopologyTest.this.chain, "repeated-shipments-total")).isEqualTo(1.0);
    }

    @Test
    void shouldNotMoveBackwardsWhenLateGoodsArriveAfterDelivery() {
        chain = ChainDriver.start(ChainDriver.smallSettings());
        chain.goodsIn.pipeInput("o1", goods("o1"));
        chain.shipments.readValuesToList();

        chain.advance(Duration.ofMinutes(5));
        chain.goodsIn.pipeInput("o1", goods("o1"));

        assertThat(chain.shipments.isEmpty()).as("no second DISPATCHED after DELIVERED").isTrue();
    }

    static double metric(ChainDriver chain, String name) {
        return chain.driver.metrics().entrySet().stream()
                .filter(entry -> entry.getKey().name().equals(name))
                .mapToDouble(entry -> ((Number) entry.getValue().metricValue()).doubleValue())
                .sum();
    }

    private Batch goods(String orderId) {
        return new Batch(orderId, "hospital-1", "insulin", "insulin-b1", 2, chain.now(), chain.now());
    }
}
