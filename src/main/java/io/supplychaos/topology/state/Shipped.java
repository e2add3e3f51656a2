package io.supplychaos.topology.state;

import java.util.ArrayList;
import java.util.List;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.ShipmentStatus;

/**
 * What transport did in one step, handed over in process: the goods it read (null when its
 * punctuator moved a shipment on) and the shipment states it sent for them, in order (none for goods
 * already shipped). The states go to shipment-status one by one; the notification stage takes the
 * whole step as one input, so that the four states of a confirmed order cost its timeline one write,
 * not four, whether or not a store cache merges them.
 */
public record Shipped(Batch goods, List<ShipmentStatus> states) {

    public Shipped {
        states = List.copyOf(states);
    }

    /** A shipment moved on by the punctuator: one state, no goods read. */
    public static Shipped moved(ShipmentStatus state) {
        return new Shipped(null, List.of(state));
    }

    /**
     * The order states this step tells, in lifecycle order: the CONFIRMED the goods stand for (after
     * their BACKORDERED when they waited for production), then the shipment's states.
     */
    public List<StatusEvent> statusEvents() {
        List<StatusEvent> events = new ArrayList<>(states.size() + 1);
        if (goods != null) {
            events.add(StatusEvent.confirmedBy(goods));
        }
        states.forEach(state -> events.add(StatusEvent.of(state)));
        return events;
    }
}
