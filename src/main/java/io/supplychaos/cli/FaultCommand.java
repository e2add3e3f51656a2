package io.supplychaos.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import io.supplychaos.chaos.FaultAction;
import io.supplychaos.chaos.FaultAttribute;
import io.supplychaos.chaos.FaultAttributeException;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.kind.ManualFaults;

/**
 * What every fault verb does: build its {@link FaultSpec}, bind it to the running environment
 * (embedded, or docker compose with {@code --compose}) which validates the target before anything
 * happens, inject it and append the journal entry through {@link ManualFaults} (which the UI's
 * buttons share) ({@code .chaos/events.log}, source "cli") so a run
 * in another terminal shows it. With a hold time (--for) it then waits, heals, and journals the heal;
 * a shutdown hook heals too when Ctrl-C ends the wait.
 */
abstract class FaultCommand implements Callable<Integer> {
    /** Selects the docker-compose backend without --compose, e.g. in a shell set up for Docker. */
    static final String BACKEND_VARIABLE = "SUPPLY_CHAOS_BACKEND";

    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Option(names = "--compose", description = "Act on the docker-compose.yml environment (docker, Toxiproxy) "
            + "instead of the embedded one (also when $" + BACKEND_VARIABLE + "=compose).")
    boolean compose;

    /** The fault this verb injects: its name is the verb's (FaultVerbRegistryTest keeps them equal). */
    abstract FaultType type();

    /** The fault this verb's options describe, held for {@code hold} (null: left in place). */
    abstract FaultSpec faultSpec(Duration hold);

    /** How long to keep the fault before healing it; null leaves it in place. Verbs with --for override. */
    Duration hold() {
        return null;
    }

    @Override
    public Integer call() throws InterruptedException {
        long t0 = System.nanoTime();
        ChaosPaths paths = common.paths();
        FaultSpec fault = faultSpec(hold());
        checkAttributes(fault);
        ManualFaults faults = ManualFaults.open(paths, composeFile(paths), ManualFaults.CLI);
        FaultAction action = faults.bind(fault);
        PrintWriter out = spec.commandLine().getOut();
        Healer healer = new Healer(fault, action, faults, out);
        Thread hook = null;
        if (fault.duration() != null) {
            hook = new Thread(healer::healOnce, "supply-chaos-heal");
            Runtime.getRuntime().addShutdownHook(hook);
        }
        try {
            healer.injected(faults.inject(fault, action));
            out.printf("%s (%d ms)%n", action.describe(), (System.nanoTime() - t0) / 1_000_000);
            out.flush();
            if (fault.duration() != null) {
                countdown(fault.duration());
            }
        } finally {
            if (hook != null) {
                healer.healOnce();
                removeHook(hook);
            }
        }
        return 0;
    }

    /**
     * The attribute rules a scenario's fault meets, in the same words, before any environment is
     * looked at: {@code delay --ms -5} is refused naming the option.
     */
    static void checkAttributes(FaultSpec fault) {
        try {
            fault.type().checkAttributes(fault.attributes());
        } catch (FaultAttributeException e) {
            String option = fault.type().attributes().stream().filter(a -> a.name().equals(e.attribute())).findFirst()
                    .map(FaultAttribute::option).orElse(e.attribute());
            throw new IllegalArgumentException(fault.type().cliName() + " " + option + ": " + e.expected(), e);
        }
    }

    /** The docker-compose file to act on, or null for the env recorded in the state directory. */
    private Path composeFile(ChaosPaths paths) {
        if (compose || "compose".equals(System.getenv(BACKEND_VARIABLE))) {
            Path file = paths.home().resolve("docker-compose.yml");
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("--compose: no docker-compose.yml in " + paths.home());
            }
            return file;
        }
        return null;
    }

    private void countdown(Duration hold) throws InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        long end = System.nanoTime() + hold.toNanos();
        long shown = -1;
        for (long left = hold.toNanos(); left > 0; left = end - System.nanoTime()) {
            long seconds = (left + 999_999_999) / 1_000_000_000;
            if (seconds != shown) {
                err.printf("\r  healing in %d s ", seconds);
                err.flush();
                shown = seconds;
            }
            Thread.sleep(Math.max(1, Math.min(left - (seconds - 1) * 1_000_000_000, left) / 1_000_000));
        }
        err.print("\r");
        err.flush();
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C arrived: the hook runs (or ran) healOnce, which waits for ours
        }
    }

    /** Heals once, from the end of the wait or from the shutdown hook, whichever comes first; the other waits. */
    private static final class Healer {
        private final FaultSpec fault;
        private final FaultAction action;
        private final ManualFaults faults;
        private final PrintWriter out;
        private boolean healed;
        /** The journal id of the inject, which the heal names; null until injected. */
        private String injected;

        Healer(FaultSpec fault, FaultAction action, ManualFaults faults, PrintWriter out) {
            this.fault = fault;
            this.action = action;
            this.faults = faults;
            this.out = out;
        }

        synchronized void injected(String id) {
            injected = id;
        }

        synchronized void healOnce() {
            if (healed) {
                return;
            }
            healed = true;
            faults.heal(fault, action, injected);
            out.println("healed: " + action.describe());
            out.flush();
        }
    }
}
