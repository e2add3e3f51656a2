package io.supplychaos.chaos;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.ProcessControl;

/**
 * Every fault the tool can inject, one line each pointing at the fault's own file (a
 * {@link FaultDefinition}: its name, what it acts on, its attributes and their rules, its label,
 * whether it lasts, what it ends when it is a repair, how each env kind does it, and its action).
 * The CLI verbs, a scenario's {@code action:} enum, the JSON schema and the table of docs/FAULTS.md
 * are checked against this list. {@link #checkAttributes} is the one check that a scenario's fault
 * and a CLI verb both go through, so both refuse a bad value with the same words.
 */
public enum FaultType {
    KILL_BROKER(new KillBroker()),
    STOP_BROKER(new StopBroker()),
    START_BROKER(new StartBroker()),
    RESTART_BROKER(new RestartBroker()),
    PAUSE_BROKER(new PauseBroker()),
    RESUME_BROKER(new ResumeBroker()),
    POWER_LOSS(new PowerLoss()),
    DELAY(new Delay()),
    BANDWIDTH(new Bandwidth()),
    CUT(new Cut()),
    RESET_PEER(new ResetPeer()),
    TIMEOUT(new Timeout()),
    SLICE(new Slice()),
    PROTOCOL_ERROR(new ProtocolError()),
    PROTOCOL_DELAY(new ProtocolDelay()),
    DROP_RESPONSE(new DropResponse()),
    HEAL(new Heal()),
    KILL_APP(new KillApp()),
    RESTART_APP(new RestartApp()),
    STOP_APP(new StopApp()),
    START_APP(new StartApp());

    /** What a fault acts on. */
    public enum Kind { BROKER, NETWORK, PROTOCOL, APP, ENVIRONMENT }

    private final FaultDefinition definition;

    FaultType(FaultDefinition definition) {
        this.definition = definition;
    }

    /** The CLI verb and a scenario's {@code action:}. */
    public String cliName() {
        return definition.name();
    }

    /** What it does, in a few words. */
    public String summary() {
        return definition.summary();
    }

    public Kind kind() {
        return definition.actsOn();
    }

    /**
     * True for actions that leave nothing in place to heal: repairs (start, resume, heal) and
     * one-off disruptions (restart).
     */
    public boolean isInstantaneous() {
        return definition.instantaneous();
    }

    /** True for repairs, which end the lasting faults they undo (start ends kill, resume ends pause, heal ends all). */
    public boolean isRepair() {
        return !definition.repair().ends().isEmpty();
    }

    /** What this fault ends when injected ({@link Repair#NONE} unless it is a repair). */
    public Repair repair() {
        return definition.repair();
    }

    /**
     * Whether this fault, injected at {@code at}, ends {@code lasting} in place at {@code where}: its
     * repair relation, the only one (a run's timeline, the live page and the report read it here).
     */
    public boolean ends(FaultType lasting, FaultPlace at, FaultPlace where) {
        Repair repair = definition.repair();
        return repair.ends().contains(lasting) && (!repair.sameTarget() || at.same(where));
    }

    /** The repairs that end this fault besides its own heal, in registry order. */
    public List<FaultType> endedBy() {
        return Arrays.stream(values()).filter(repair -> repair.repair().ends().contains(this)).toList();
    }

    /** True while in place the broker is down (kill, stop): a run is judged with it down. */
    public boolean holdsBrokerDown() {
        return definition instanceof BrokerFaultDefinition broker && broker.holdsBrokerDown();
    }

    /** Whether it takes several brokers at once (target {@code all} or a set {@code 1,3}). */
    public boolean takesSeveralBrokers() {
        return definition instanceof BrokerFaultDefinition broker && broker.takesSeveral();
    }

    /**
     * Why it needs the brokers' log dirs on this machine (power-loss), when it does: the env kinds
     * whose brokers are not local processes refuse it with these words.
     */
    public Optional<String> needsLocalLogDirs() {
        return definition.needsLocalLogDirs();
    }

    /** The target it takes when none is given (start-broker: the broker killed last); empty: it needs one. */
    public Optional<FaultTarget> defaultTarget() {
        return definition.defaultTarget();
    }

    /** The states a broker can take this broker fault in. */
    public Set<ProcessControl.State> takesBrokerIn() {
        return broker().takesBrokerIn();
    }

    /** The {@code brokerCommands} an external env needs for it (the one that undoes it included). */
    public List<BrokerCommand> externalCommands() {
        return definition.externalCommands();
    }

    /** How a Kubernetes env does it, or why it cannot. */
    public OnKubernetes onKubernetes() {
        return definition.onKubernetes();
    }

    /** What it does with its figures and units: "delay 100 ms ± 20 ms", "bandwidth 64 KB/s". */
    String what(FaultSpec spec) {
        return definition.what(spec);
    }

    BrokerFaultDefinition broker() {
        return as(BrokerFaultDefinition.class);
    }

    NetworkFaultDefinition network() {
        return as(NetworkFaultDefinition.class);
    }

    ProtocolFaultDefinition protocol() {
        return as(ProtocolFaultDefinition.class);
    }

    AppFaultDefinition app() {
        return as(AppFaultDefinition.class);
    }

    private <T extends FaultDefinition> T as(Class<T> kind) {
        if (!kind.isInstance(definition)) {
            throw new IllegalStateException(cliName() + " is no " + kind.getSimpleName());
        }
        return kind.cast(definition);
    }

    public Set<String> requiredAttributes() {
        return attributes().stream().filter(FaultAttribute::required).map(FaultAttribute::name)
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** Every attribute this fault takes, its own first, then link, stream and toxicity. */
    public List<FaultAttribute> attributes() {
        return definition.attributes();
    }

    /** Whether this fault takes the attribute. */
    public boolean accepts(String attribute) {
        return attributes().stream().anyMatch(a -> a.name().equals(attribute));
    }

    /**
     * Checks attributes as a scenario or the CLI gives them: each known to this fault, the required
     * ones present, every value within its rule, and the rules between values its file states
     * (jitter at most ms, sizeVariation smaller than averageSize).
     *
     * @throws FaultAttributeException naming the first attribute at fault and what was expected
     */
    public void checkAttributes(Map<String, String> given) {
        List<FaultAttribute> attributes = attributes();
        for (String name : given.keySet()) {
            if (!accepts(name)) {
                throw new FaultAttributeException(this, name, "not an attribute of " + cliName() + "; it takes "
                        + (attributes.isEmpty() ? "none" : attributes.stream().map(FaultAttribute::name)
                        .collect(Collectors.joining(", "))));
            }
        }
        for (FaultAttribute attribute : attributes) {
            String value = given.get(attribute.name());
            if (value == null) {
                if (attribute.required()) {
                    throw new FaultAttributeException(this, attribute.name(), "required by " + cliName() + ": "
                            + attribute.rule().expected());
                }
                continue;
            }
            if (attribute.rule().parse(value).isEmpty()) {
                throw new FaultAttributeException(this, attribute.name(), attribute.rule().refusal(value));
            }
        }
        definition.checkBetween(given);
    }

    public static Optional<FaultType> byCliName(String name) {
        return Arrays.stream(values()).filter(type -> type.cliName().equals(name)).findFirst();
    }

    public static String cliNames() {
        return String.join(", ", Arrays.stream(values()).map(FaultType::cliName).toList());
    }
}
