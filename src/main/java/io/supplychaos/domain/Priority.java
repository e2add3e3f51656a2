package io.supplychaos.domain;

/** How urgently a hospital needs an order; carried through the chain for reporting. */
public enum Priority {
    ROUTINE,
    URGENT
}
