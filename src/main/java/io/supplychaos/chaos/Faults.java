package io.supplychaos.chaos;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Collectors;

import io.supplychaos.env.ProcessControl;

/**
 * Binds fault specs to an environment: checks every attribute and whether the env's backend can do
 * the fault at all, resolves the target (a broker id, a seeded random pick, the leader of a
 * partition, the active controller, the broker killed last, an app instance) and checks it is in a
 * state to take the fault (as the fault's file says) before anything is done, then returns the
 * action. Reads the backend and, for {@code killed}, {@code .chaos/killed-broker}; changes nothing.
 */
public final class Faults implements FaultActions {

    private final FaultBackend backend;
    private final KilledBroker killed;

    Faults(FaultBackend backend, Path stateDir) {
        this.backend = backend;
        this.killed = new KilledBroker(stateDir);
    }

    /** The faults of any environment's backend; {@code stateDir} keeps the broker killed last. */
    public static FaultActions on(FaultBackend backend, Path stateDir) {
        return new Faults(backend, stateDir);
    }

    @Override
    public FaultAction bind(FaultSpec spec) {
        checkAttributes(spec);
        backend.refusal(spec).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        return switch (spec.type().kind()) {
            case BROKER -> bindBroker(spec);
            case NETWORK -> {
                List<Integer> brokers = brokersOf(spec);
                yield backend.networkFault(spec, brokers).orElseGet(() -> NetworkFault.bind(spec, backend, brokers));
            }
            case PROTOCOL -> ProtocolFault.bind(spec, backend, brokersOf(spec));
            case APP -> bindApp(spec);
            case ENVIRONMENT -> new HealAll(backend);
        };
    }

    /** The same check a scenario's faults pass at load: attribute names, required ones, values in range. */
    private static void checkAttributes(FaultSpec spec) {
        spec.type().checkAttributes(spec.attributes());
    }

    /**
     * Whether a broker in {@code state} can take the fault: a broker fault's file says in which
     * states; a network fault's proxies take it whatever the broker's state.
     */
    private static boolean canTake(FaultType type, ProcessControl.State state) {
        return type.kind() != FaultType.Kind.BROKER || type.takesBrokerIn().contains(state);
    }

    private FaultAction bindBroker(FaultSpec spec) {
        FaultType type = spec.type();
        FaultTarget target = spec.target() != null ? spec.target() : type.defaultTarget().orElseThrow(
                () -> new IllegalArgumentException(type.cliName() + " needs a broker: an id, --random, --leader TOPIC:P or --controller"));
        if (target.kind() == FaultTarget.Kind.ALL || target.kind() == FaultTarget.Kind.BROKERS) {
            if (!type.takesSeveralBrokers()) {
                throw new IllegalArgumentException(type.cliName() + " acts on one broker, not '" + target + "'");
            }
            List<Integer> ids = target.kind() == FaultTarget.Kind.ALL ? backend.brokerIds() : target.ids();
            List<BrokerFault> brokers = new ArrayList<>();
            for (int id : ids) {
                brokers.add(bindBroker(type, resolveBroker(type, FaultTarget.broker(id))));
            }
            return new BrokerSetFault(type, target.toString(), brokers);
        }
        return bindBroker(type, resolveBroker(type, target));
    }

    /** The fault on broker {@code id}, once it is in a state to take it. */
    private BrokerFault bindBroker(FaultType type, int id) {
        ProcessControl.State state = backend.brokerState(id);
        if (!canTake(type, state)) {
            throw new IllegalArgumentException("broker " + id + " is " + state.name().toLowerCase(Locale.ROOT) + ": "
                    + type.cliName() + " needs it " + Arrays.stream(ProcessControl.State.values())
                    .filter(type.takesBrokerIn()::contains).map(s -> s.name().toLowerCase(Locale.ROOT))
                    .collect(Collectors.joining(" or ")));
        }
        return new BrokerFault(type, id, backend, killed);
    }

    /** The broker a target names; a random pick is among the brokers that can take the fault. */
    private int resolveBroker(FaultType type, FaultTarget target) {
        return switch (target.kind()) {
            case BROKER -> {
                if (!backend.brokerIds().contains(target.id())) {
                    throw new IllegalArgumentException("no broker " + target.id() + " in " + backend.describe()
                            + " (brokers: " + backend.brokerIds() + ")");
                }
                yield target.id();
            }
            case RANDOM -> {
                List<Integer> candidates = backend.brokerIds().stream().filter(id -> canTake(type, backend.brokerState(id))).toList();
                if (candidates.isEmpty()) {
                    throw new IllegalArgumentException("no broker can take " + type.cliName() + " now (brokers: " + backend.brokerIds() + ")");
                }
                Random random = target.seed() == null ? new Random() : new Random(target.seed());
                yield candidates.get(random.nextInt(candidates.size()));
            }
            case LEADER -> ClusterLookup.leaderOf(backend.access(), target.topic(), target.partition());
            case CONTROLLER -> ClusterLookup.controller(backend.access());
            case KILLED -> killed.recall().orElseThrow(() -> new IllegalArgumentException(
                    "no broker was killed or stopped in " + backend.describe() + "; name one"));
            case ALL, APP, BROKERS -> throw new IllegalArgumentException(type.cliName() + " acts on one broker, not '" + target + "'");
        };
    }

    /** The brokers a network fault's proxies belong to: all by default. */
    private List<Integer> brokersOf(FaultSpec spec) {
        if (spec.target() == null || spec.target().kind() == FaultTarget.Kind.ALL) {
            return backend.brokerIds();
        }
        return List.of(resolveBroker(spec.type(), spec.target()));
    }

    private FaultAction bindApp(FaultSpec spec) {
        if (spec.target() == null || spec.target().kind() != FaultTarget.Kind.APP) {
            throw new IllegalArgumentException(spec.type().cliName() + " needs an app instance (app:N), got '" + spec.target() + "'");
        }
        int index = spec.target().id();
        if (!backend.appIndexes().contains(index)) {
            throw new IllegalArgumentException("no app instance " + index + " is recorded in " + backend.describe()
                    + (backend.appIndexes().isEmpty() ? " (a './chaos run' records the instances it starts)"
                    : " (instances: " + backend.appIndexes() + ")"));
        }
        switch (spec.type().app().needs()) {
            case RUNNING -> {
                if (!backend.appAlive(index)) {
                    throw new IllegalArgumentException("app instance " + index + " is not running");
                }
            }
            case STOPPED -> {
                if (backend.appAlive(index)) {
                    throw new IllegalArgumentException("app instance " + index + " is running: " + spec.type().cliName()
                            + " needs it stopped");
                }
            }
            case ANY -> {
                // a restart takes an instance in any state
            }
        }
        return new AppFault(spec.type(), index, backend);
    }
}
