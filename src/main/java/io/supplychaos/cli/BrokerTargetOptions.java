package io.supplychaos.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;

/**
 * How a broker verb names its broker: an id, {@code --random [--seed S]}, {@code --leader TOPIC:P}
 * or {@code --controller}; at most one. Touches nothing; the lookups happen when the fault is bound.
 */
final class BrokerTargetOptions {

    @Parameters(index = "0", arity = "0..1", paramLabel = "ID", description = "The broker's node id.")
    Integer id;

    @Option(names = "--random", description = "A random broker that can take the fault (seedable with --seed).")
    boolean random;

    @Option(names = "--seed", paramLabel = "S", description = "Seed for --random: the same seed picks the same broker among the same candidates.")
    Long seed;

    @Option(names = "--leader", paramLabel = "TOPIC:P", description = "The current leader of partition P of TOPIC.")
    String leader;

    @Option(names = "--controller", description = "The active KRaft controller.")
    boolean controller;

    /** The target these options name, or null when none was given. */
    FaultTarget target() {
        List<FaultTarget> named = new ArrayList<>();
        if (id != null) {
            named.add(FaultTarget.broker(id));
        }
        if (random) {
            named.add(FaultTarget.random(seed));
        }
        if (leader != null) {
            int colon = leader.lastIndexOf(':');
            if (colon <= 0 || !leader.substring(colon + 1).matches("\\d+")) {
                throw new IllegalArgumentException("--leader takes TOPIC:PARTITION, e.g. order-placed:0, got '" + leader + "'");
            }
            named.add(FaultTarget.leaderOf(leader.substring(0, colon), Integer.parseInt(leader.substring(colon + 1))));
        }
        if (controller) {
            named.add(FaultTarget.controller());
        }
        if (seed != null && !random) {
            throw new IllegalArgumentException("--seed goes with --random");
        }
        if (named.size() > 1) {
            throw new IllegalArgumentException("name one broker: an ID, --random, --leader or --controller, not several");
        }
        return named.isEmpty() ? null : named.get(0);
    }

    /** The spec of {@code type} on the named broker; start-broker without one starts the broker killed last. */
    FaultSpec spec(FaultType type, Duration hold) {
        FaultTarget target = target();
        if (target == null) {
            target = type.defaultTarget().orElse(null);
        }
        return new FaultSpec(type, target, Map.of(), null, hold);
    }
}
