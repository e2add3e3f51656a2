package io.supplychaos.domain;

/** What the monitor saw. */
public enum AlertKind {
    /** An order was not delivered (nor rejected) within the SLA after it was placed. */
    STUCK_ORDER,
    /** A stage's p99 latency in a window exceeded the threshold. */
    SLOW_STAGE
}
