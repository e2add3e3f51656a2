package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Test helper: hands out base ports for ITs whose whole plan (up to 9 brokers) is free right now,
 * never the same twice in one JVM. Failsafe runs the ITs in parallel forks, and each fork gets a
 * range of its own ({@code it.fork}, failsafe's fork number: fork 1 from 20000, fork 2 from 22900,
 * fork 3 from 25800), so that two forks never race for the same free range between looking and
 * binding. The ranges lie below the default env's 29000 and below Linux's ephemeral ports (32768
 * on), where a client's outgoing connection could take a planned port before its broker binds it.
 * A second `mvn verify` (another worktree) or a developer's env then shifts the ITs instead of
 * failing them. The range alone does not make a base the JVM's: each base handed out is also locked
 * ({@code supply-chaos-it-ports/<base>.lock} in the temporary directory, held until the JVM exits),
 * so that JVMs that share a range (a fork number missing, two worktrees) still never get the same.
 */
public final class ItPorts {
    private static final int FIRST = 20000;
    private static final int LAST = 28700;
    /** Ports per fork: room for 41 plans, more than all the ITs of one fork ask for. */
    static final int PER_FORK = 2900;
    private static final Set<Integer> HANDED_OUT = new HashSet<>();
    /** Bases this JVM locked: a base whose ports were busy stays locked, and is skipped, as the busy ports would be. */
    private static final Map<Integer, FileLock> LOCKS = new HashMap<>();

    private ItPorts() {
    }

    public static synchronized int freeBase() {
        int first = firstOfFork(System.getProperty("it.fork", "1"));
        int last = Math.min(first + PER_FORK, LAST);
        for (int base = first; base + PortPlan.SPAN <= last; base += PortPlan.SPAN) {
            if (!HANDED_OUT.contains(base) && lock(base) && allFree(new PortPlan(base, EnvSpecReader.MAX_BROKERS))) {
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

    /** True when this JVM now holds the lock of {@code base} (kept until it exits); false when another JVM does. */
    private static boolean lock(int base) {
        if (LOCKS.containsKey(base)) {
            return true;
        }
        try {
            Path dir = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "supply-chaos-it-ports"));
            FileChannel channel = FileChannel.open(dir.resolve(base + ".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return false;
            }
            LOCKS.put(base, lock);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock the IT port range at " + base, e);
        }
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
