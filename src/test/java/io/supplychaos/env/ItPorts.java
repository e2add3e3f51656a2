package io.supplychaos.env;

import java.util.HashSet;
import java.util.Set;

/**
 * Test helper: hands out base ports for ITs whose whole plan (up to 9 brokers) is free right now,
 * never the same twice in one JVM. Failsafe runs the ITs in parallel forks, and each fork gets a
 * range of its own ({@code it.fork}, failsafe's fork number: fork 1 from 20000, fork 2 from 22900,
 * fork 3 from 25800), so that two forks never race for the same free range between looking and
 * binding. The ranges lie below the default env's 29000 and below Linux's ephemeral ports (32768
 * on), where a client's outgoing connection could take a planned port before its broker binds it.
 * A second `mvn verify` (another worktree) or a developer's env then shifts the ITs instead of
 * failing them.
 */
public final class ItPorts {
    private static final int FIRST = 20000;
    private static final int LAST = 28700;
    /** Ports per fork: room for 41 plans, more than all the ITs of one fork ask for. */
    static final int PER_FORK = 2900;
    private static final Set<Integer> HANDED_OUT = new HashSet<>();

    private ItPorts() {
    }

    public static synchronized int freeBase() {
        int first = firstOfFork(System.getProperty("it.fork", "1"));
        int last = Math.min(first + PER_FORK, LAST);
        for (int base = first; base + PortPlan.SPAN <= last; base += PortPlan.SPAN) {
            if (!HANDED_OUT.contains(base) && allFree(new PortPlan(base, EnvSpecReader.MAX_BROKERS))) {
                HANDED_OUT.add(base);
                return base;
            }
        }
        throw new IllegalStateException("no free port range between " + first + " and " + last);
    }

    /** The first port of a fork's range; fork numbers start at 1 (an unset or odd value counts as fork 1). */
    static int firstOfFork(String fork) {
        int number;
        try {
            number = Integer.parseInt(fork.trim());
        } catch (NumberFormatException e) {
            number = 1;
        }
        int forks = (LAST - FIRST) / PER_FORK;
        return FIRST + Math.floorMod(Math.max(number, 1) - 1, forks) * PER_FORK;
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
