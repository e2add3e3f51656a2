package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.ConfirmationStatus;

/**
 * The headline counters the app exports (dead letters, backorders, stuck orders) are Streams
 * metrics the processors record into: each moves when the chain does the thing it counts, and only then.
 */
class SupplyMetricsTopologyTest {

    private ChainDriver chain;

    @BeforeEach
    void start() {
        chain = ChainDriver.start(ChainDriver.smallSettings()
                .withMonitoring(Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(5)));
    }

    @AfterEach
    void stop() {
        chain.close();
    }

    @Test
    void shouldCountEachDeadLetterUnderTheTopicItCameFrom() {
        chain.place(chain.order("o1", "insulin", 1));
        assertThat(total(SupplyMetrics.DEAD_LETTERS, null)).as("a good order is no dead letter").isZero();

        chain.rawOrders.pipeInput("bad-1", "not json".getBytes(StandardCharsets.UTF_8));
        chain.rawOrders.pipeInput("bad-2", "{\"orderId\":\"bad-2\"}".getBytes(StandardCharsets.UTF_8));

        assertThat(chain.deadLetters.readRecordsToList()).hasSize(2);
        assertThat(total(SupplyMetrics.DEAD_LETTERS, Topics.ORDER_PLACED.name())).isEqualTo(2.0);
        assertThat(total(SupplyMetrics.DEAD_LETTERS, Topics.DRUG_MANUFACTURED.name())).isZero();
    }

    @Test
    void shouldCountEachBackorderedOrderOnce() {
        // insulin starts with 10 units: the first order is served from stock
        chain.place(chain.order("o1", "insulin", 8));
        assertThat(total(SupplyMetrics.BACKORDERS, SupplyMetrics.MANUFACTURER)).isZero();

        chain.place(chain.order("o2", "insulin", 5));
        chain.place(chain.order("o3", "insulin", 1));
        chain.place(chain.order("o2", "insulin", 5)); // a repeat is no new backorder

        assertThat(chain.confirmations.readValuesToList()).filteredOn(c -> c.status() == ConfirmationStatus.BACKORDERED)
                .hasSize(2);
        assertThat(total(SupplyMetrics.BACKORDERS, SupplyMetrics.MANUFACTURER)).isEqualTo(2.0);
    }

    @Test
    void shouldCountAStuckOrderWhenItsSlaPassesAndOnlyOnce() {
        // given o1 backordered and never confirmed, o2 confirmed and delivered (both told from its goods)
        long placedAt = chain.now();
        chain.confirm("o1", ConfirmationStatus.BACKORDERED, placedAt);
        chain.confirm("o2", ConfirmationStatus.CONFIRMED, placedAt);
        chain.ship("o2", placedAt);

        chain.advance(Duration.ofSeconds(29));
        assertThat(total(SupplyMetrics.STUCK_ORDERS, SupplyMetrics.SLA_MONITOR)).as("SLA not over yet").isZero();

        chain.advance(Duration.ofSeconds(2));
        assertThat(total(SupplyMetrics.STUCK_ORDERS, SupplyMetrics.SLA_MONITOR)).isEqualTo(1.0);

        chain.advance(Duration.ofSeconds(60));
        assertThat(total(SupplyMetrics.STUCK_ORDERS, SupplyMetrics.SLA_MONITOR)).as("alerted once").isEqualTo(1.0);
    }

    @Test
    void shouldKeepARateBesideEveryCounter() {
        chain.rawOrders.pipeInput("bad", "x".getBytes(StandardCharsets.UTF_8));

        assertThat(chain.driver.metrics().keySet()).anySatisfy(name -> {
            assertThat(name.group()).isEqualTo(SupplyMetrics.GROUP);
            assertThat(name.name()).isEqualTo("dead-letter-records-rate");
            assertThat(name.tags()).containsEntry(SupplyMetrics.SOURCE_TAG, "order-placed").containsKey("thread-id");
        });
    }

    private double total(String name, String source) {
        return SupplyMetrics.total(chain.driver.metrics(), name, source);
    }
}
