package io.supplychaos.env;

import java.util.HashSet;
import java.util.Set;

/**
 * Test helper: hands out base ports for ITs whose whole plan (up to 9 brokers) is free right now,
 * from 31000 on, never the same twice in one JVM. A second `mvn verify` (another worktree) or a
 * developer's env then shifts the ITs instead of failing them.
 */
public final class ItPorts {
    private static final int FIRST = 31000;
    private static final int LAST = 40000;
    private static final Set<Integer> HANDED_OUT = new HashSet<>();

    private ItPorts() {
    }

    public static synchronized int freeBase() {
        for (int base = FIRST; base < LAST; base += PortPlan.SPAN) {
            if (!HANDED_OUT.contains(base) && allFree(new PortPlan(base, EnvSpecReader.MAX_BROKERS))) {
                HANDED_OUT.add(base);
                return base;
            }
        }
        throw new IllegalStateException("no free port range between " + FIRST + " and " + LAST);
    }

    private static boolean allFree(PortPlan plan) {
        try {
            plan.ports(Network.PROXIED).forEach(p -> PortPlan.requireFree(p.port(), p.purpose()));
            return true;
        } catch (EnvBusyException busy) {
            return false;
        }
    }
}
