package io.supplychaos.env;

import java.util.List;

/** The topics an environment creates for the supply chain; the one place the env part names them. */
final class SupplyChainTopics {
    static final List<String> NAMES = List.of("order-placed", "drug-manufactured", "inventory-updated",
            "order-confirmation", "shipment-status", "notifications", "monitor-alerts", "dead-letter");

    private SupplyChainTopics() {
    }
}
