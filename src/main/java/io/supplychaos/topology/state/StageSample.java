package io.supplychaos.topology.state;

import io.supplychaos.domain.Notification;

/** One order's time in one stage, keyed by stage on its way to the monitor's windows. */
public record StageSample(String stage, String orderId, long latencyMs, long at) {

    public static StageSample of(Notification notification) {
        return new StageSample(notification.status().name(), notification.orderId(),
                notification.stageLatencyMs(), notification.at());
    }
}
