package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Settings reject impossible values with a message naming the field and what was expected. */
class SupplyChainSettingsTest {

    private final SupplyChainSettings defaults = SupplyChainSettings.defaults();

    @Test
    void shouldRejectAnEmptyCatalogue() {
        assertThatIllegalArgumentException().isThrownBy(() -> defaults.withCatalogue(Map.of()))
                .withMessage("catalogue: at least one drug expected");
    }

    @Test
    void shouldRejectNegativeInitialStock() {
        assertThatIllegalArgumentException().isThrownBy(() -> defaults.withCatalogue(Map.of("insulin", -1)))
                .withMessage("catalogue.insulin: initial stock >= 0 expected, was -1");
    }

    @Test
    void shouldRejectAnEmptyBatchAndAZeroLeadTime() {
        assertThatIllegalArgumentException().isThrownBy(() -> defaults.withProduction(0, Duration.ofSeconds(1)))
                .withMessage("batchSize: >= 1 expected, was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> defaults.withProduction(10, Duration.ZERO))
                .withMessageStartingWith("productionLeadTime: a positive duration expected");
    }

    @Test
    void shouldRejectANegativeTransitTime() {
        assertThatIllegalArgumentException().isThrownBy(() -> defaults.withTransitTime(Duration.ofMillis(-1)))
                .withMessageStartingWith("transitTime: >= 0 expected");
    }

    @Test
    void shouldRejectAMaxQuantityBelowOneAndAZeroRetention() {
        assertThatIllegalArgumentException().isThrownBy(() -> defaults.withMaxQuantity(0))
                .withMessage("maxQuantity: >= 1 expected, was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> defaults.withOrderRetention(Duration.ZERO))
                .withMessageStartingWith("orderRetention: a positive duration expected");
    }

    @Test
    void shouldDefaultToTheDocumentedLimits() {
        org.assertj.core.api.Assertions.assertThat(defaults.maxQuantity()).isEqualTo(1000);
        org.assertj.core.api.Assertions.assertThat(defaults.orderRetention()).isEqualTo(Duration.ofMinutes(10));
    }
}
