package io.supplychaos.kind;

import java.nio.file.Path;

import io.supplychaos.chaos.FaultAction;
import io.supplychaos.chaos.FaultActions;
import io.supplychaos.chaos.FaultEventLog;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.chaos.Faults;
import io.supplychaos.cluster.Host;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.kind.compose.ComposeKind;

/**
 * Faults injected by hand on the environment recorded in a state directory, by a CLI verb or a
 * button of {@code ./chaos ui}: binds the spec to the env's backend (the embedded env's processes,
 * an attached cluster's kind, or docker compose), injects or heals it and appends the entry to the
 * env's journal ({@code events.log}) with the caller's source, so a run going on in another
 * process shows it on its timeline. Reads {@code state.json} or {@code attached.json}.
 */
public final class ManualFaults {

    /** The source of faults injected by a CLI verb. */
    public static final String CLI = "cli";
    /** The source of faults injected from {@code ./chaos ui}; a run records them as it records CLI faults. */
    public static final String UI = "ui";

    private final FaultActions actions;
    private final FaultEventLog journal;
    private final String source;

    private ManualFaults(FaultActions actions, FaultEventLog journal, String source) {
        this.actions = actions;
        this.journal = journal;
        this.source = source;
    }

    /**
     * The faults of the env recorded in {@code paths}' state directory; {@code composeFile} (or null)
     * selects the docker-compose backend instead.
     *
     * @throws IllegalArgumentException when no env is running there, or it is still starting
     */
    public static ManualFaults open(ChaosPaths paths, Path composeFile, String source) {
        Host host = Host.of(paths);
        FaultActions actions = Faults.on(composeFile != null ? ComposeKind.faults(host, composeFile)
                : new Environments(host).recorded().faults(), paths.stateDir());
        return new ManualFaults(actions, new FaultEventLog(paths.stateDir()), source);
    }

    /** Resolves and checks the target; changes nothing. */
    public FaultAction bind(FaultSpec fault) {
        return actions.bind(fault);
    }

    /**
     * Injects a bound fault and journals it ({@code heal} is journalled as a heal) under a fresh id.
     *
     * @return the id of the journal line, which the heal of a fault held for a while names
     */
    public String inject(FaultSpec fault, FaultAction action) {
        action.inject();
        String id = FaultEventLog.newId();
        journal.append(entry(fault, action, fault.type() == FaultType.HEAL ? FaultEventLog.Entry.HEAL
                : FaultEventLog.Entry.INJECT, id, null));
        return id;
    }

    /** Heals a bound fault (the end of its hold time) and journals the heal, naming the inject line {@code injected}. */
    public void heal(FaultSpec fault, FaultAction action, String injected) {
        action.heal();
        journal.append(entry(fault, action, FaultEventLog.Entry.HEAL, null, injected));
    }

    private FaultEventLog.Entry entry(FaultSpec fault, FaultAction action, String phase, String id, String ends) {
        // the resolved broker lets a run's timeline end a kill by the start of the same broker, whatever the target said
        Integer broker = action.brokerId().isPresent() ? action.brokerId().getAsInt() : null;
        // the environment's own times where it reports them (Chaos Mesh's status), else now
        long at = phase.equals(FaultEventLog.Entry.INJECT) ? action.tookEffectAt().orElse(System.currentTimeMillis())
                : action.undoneAt().orElse(System.currentTimeMillis());
        return new FaultEventLog.Entry(at, phase, fault.type().cliName(),
                fault.target() == null ? "all" : fault.target().toString(), action.describe(), source, broker, id, ends);
    }
}
