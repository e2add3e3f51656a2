package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Alert;
import io.supplychaos.domain.AlertKind;
import io.supplychaos.domain.Notification;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.OrderStatus;

/** The monitor: STUCK_ORDER past the SLA, SLOW_STAGE when a window's p99 is over the threshold. */
class MonitorTopologyTest {

    private ChainDriver chain;

    @BeforeEach
    void start() {
        chain = ChainDriver.start(ChainDriver.smallSettings()
                .withMonitoring(Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofMillis(500)));
    }

    @AfterEach
    void stop() {
        chain.close();
    }

    @Test
    void shouldRaiseStuckOrderWhenNotDeliveredWithinSla() {
        long placedAt = chain.now();
        chain.confirm("o1", ConfirmationStatus.BACKORDERED, placedAt);

        chain.advance(Duration.ofSeconds(29));
        assertThat(chain.alerts.isEmpty()).as("SLA not over yet").isTrue();
        chain.advance(Duration.ofSeconds(2));

        List<Alert> alerts = chain.alerts.readValuesToList();
        assertThat(alerts).singleElement().satisfies(alert -> {
            assertThat(alert.kind()).isEqualTo(AlertKind.STUCK_ORDER);
            assertThat(alert.orderId()).isEqualTo("o1");
            assertThat(alert.stage()).isEqualTo("BACKORDERED");
            assertThat(alert.detail()).contains("31000 ms").contains("SLA 30000 ms");
        });
        chain.advance(Duration.ofSeconds(60));
        assertThat(chain.alerts.isEmpty()).as("one alert per stuck order").isTrue();
    }

    @Test
    void shouldNotRaiseStuckOrderForAnOrderDeliveredInTime() {
        long placedAt = chain.now();
        chain.confirm("o1", ConfirmationStatus.CONFIRMED, placedAt);
        chain.advance(Duration.ofSeconds(20));
        chain.ship("o1", placedAt);

        chain.advance(Duration.ofSeconds(60));

        assertThat(chain.alerts.readValuesToList()).noneMatch(alert -> alert.kind() == AlertKind.STUCK_ORDER);
    }

    @Test
    void shouldRaiseSlowStageWhenAWindowsP99ExceedsTheThreshold() {
        long now = chain.now();
        for (int i = 0; i < 100; i++) {
            long stageMs = i < 95 ? 20 : 2_000;
            notify("o" + i, OrderStatus.CONFIRMED, now - stageMs, now);
        }

        chain.advance(Duration.ofSeconds(11));

        List<Alert> slow = chain.alerts.readValuesToList().stream()
                .filter(alert -> alert.kind() == AlertKind.SLOW_STAGE).toList();
        assertThat(slow).singleElement().satisfies(alert -> {
            assertThat(alert.stage()).isEqualTo("CONFIRMED");
            assertThat(alert.detail()).contains("> 500 ms").contains("100 orders");
        });
    }

    @Test
    void shouldStayQuietWhenStagesAreFast() {
        long now = chain.now();
        for (int i = 0; i < 100; i++) {
            notify("o" + i, OrderStatus.CONFIRMED, now - 20, now);
        }

        chain.advance(Duration.ofSeconds(11));

        assertThat(chain.alerts.readValuesToList()).noneMatch(alert -> alert.kind() == AlertKind.SLOW_STAGE);
    }

    private void notify(String orderId, OrderStatus status, long previousAt, long at) {
        chain.notificationsIn.pipeInput(orderId, new Notification(orderId, "hospital-1", "insulin", status, null,
                previousAt, previousAt, at), at);
    }
}
