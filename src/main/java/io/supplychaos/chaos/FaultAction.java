package io.supplychaos.chaos;

import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A fault bound to its concrete target (a broker pid, a proxy, an app instance), able to put
 * itself in place and to take itself away. Both are idempotent and symmetric: injecting twice is
 * injecting once, healing what is not injected does nothing, and heal restores what inject changed.
 * Callers heal in {@code finally}.
 */
public interface FaultAction {

    void inject();

    void heal();

    /**
     * The broker this action acts on, when it acts on one: a start or resume of a broker ends the
     * kill, stop or pause of the same broker on a run's timeline.
     */
    default OptionalInt brokerId() {
        return OptionalInt.empty();
    }

    /**
     * When the fault took effect, as the environment reports it (epoch ms; Chaos Mesh's status on
     * Kubernetes), after {@link #inject()} returned; empty when the environment reports nothing, and
     * the time inject began is the fault's time.
     */
    default OptionalLong tookEffectAt() {
        return OptionalLong.empty();
    }

    /**
     * When the fault was undone, as the environment reports it (epoch ms; Chaos Mesh's status on
     * Kubernetes), after {@link #heal()} returned; empty when the environment reports nothing, and the
     * time heal returned is the heal's time.
     */
    default OptionalLong undoneAt() {
        return OptionalLong.empty();
    }

    /** The concrete fault, e.g. "kill-broker 2" for a spec that said "leader-of order-placed:0". */
    String describe();
}
