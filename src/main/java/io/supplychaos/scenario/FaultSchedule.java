package io.supplychaos.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.spec.Rule;
import io.supplychaos.spec.SpecNode;
import io.supplychaos.topology.Topics;

/**
 * The rules a scenario's fault schedule must meet before a run starts, against the env it runs on
 * (each env of a sweep): the target exists (broker id within the env's brokers, {@code app:N}
 * within the app's instances, {@code leader-of TOPIC:P} on a pipeline topic and partition), the env
 * can take the fault (network faults need proxies, replication links need two brokers), and the
 * times are bounded. Touches nothing.
 */
final class FaultSchedule {

    /** The keys of a fault entry that are not attributes of the fault. */
    static final Set<String> KEYS = Set.of("at", "action", "target", "for");
    static final Rule<FaultTarget> TARGET = Rule.of("a broker id, all, random[:SEED], leader-of TOPIC:PARTITION, "
            + "controller, killed or app:N", FaultTarget::parse);
    /** When a fault starts, from the start of the measured phase. */
    static final Rule<Duration> AT = Rule.duration(Duration.ZERO, Duration.ofHours(24));
    /** How long a fault lasts before it is healed. */
    static final Rule<Duration> FOR = Rule.duration(Duration.ofMillis(1), Duration.ofHours(1));

    private FaultSchedule() {
    }

    /** Checks every fault of {@code faults} (read from {@code list}) against {@code env} and {@code app}. */
    static void check(List<FaultSpec> faults, SpecNode list, EnvSpec env, AppSpec app, boolean sweep) {
        if (faults.isEmpty()) {
            return;
        }
        List<SpecNode> nodes = list.items("faults");
        for (int i = 0; i < faults.size(); i++) {
            check(faults.get(i), nodes.get(i), env, app, sweep ? " (sweep point env '" + env.name() + "')" : "");
        }
    }

    private static void check(FaultSpec fault, SpecNode node, EnvSpec env, AppSpec app, String point) {
        FaultType type = fault.type();
        FaultTarget target = fault.target();
        SpecNode targetNode = node.get("target");
        String brokers = "a broker id from 1 to " + env.brokers() + ", random, leader-of TOPIC:PARTITION, controller or killed";
        switch (type.kind()) {
            case BROKER -> {
                if (target == null && type != FaultType.START_BROKER) {
                    throw targetNode.error("required by " + type.cliName() + ": " + brokers + point);
                }
                if (target != null && (target.kind() == FaultTarget.Kind.ALL || target.kind() == FaultTarget.Kind.APP)) {
                    throw targetNode.refuse(type.cliName() + " acts on one broker: " + brokers + point);
                }
            }
            case NETWORK -> {
                if (!env.proxied()) {
                    throw node.get("action").refuse("a fault env '" + env.name() + "' can take: it has network: direct, so "
                            + "no network fault (delay, bandwidth, cut, reset-peer, timeout, slice) can be injected" + point);
                }
                if (target != null && target.kind() == FaultTarget.Kind.APP) {
                    throw targetNode.refuse("the brokers whose proxies " + type.cliName() + " acts on: all or " + brokers + point);
                }
                if (!"client".equals(fault.attribute("link", "client")) && env.brokers() == 1) {
                    throw node.get("link").refuse("client: env '" + env.name() + "' has one broker, so no replication link" + point);
                }
            }
            case APP -> {
                if (target == null || target.kind() != FaultTarget.Kind.APP) {
                    throw (target == null ? targetNode.error("required by " + type.cliName() + ": " + apps(app))
                            : targetNode.refuse(apps(app)));
                }
            }
            case ENVIRONMENT -> {
                // heal acts on the whole env: a target is ignored
            }
        }
        if (target == null) {
            return;
        }
        switch (target.kind()) {
            case BROKER -> {
                if (target.id() < 1 || target.id() > env.brokers()) {
                    throw targetNode.refuse("a broker id from 1 to " + env.brokers() + " (env '" + env.name() + "' has "
                            + env.brokers() + " broker" + (env.brokers() == 1 ? "" : "s") + ")" + point);
                }
            }
            case APP -> {
                if (target.id() < 1 || target.id() > app.instances()) {
                    throw targetNode.refuse(apps(app));
                }
            }
            case LEADER -> {
                if (!Topics.SUPPLY_CHAIN_TOPIC_NAMES.contains(target.topic())) {
                    throw targetNode.refuse("leader-of TOPIC:PARTITION with TOPIC one of "
                            + String.join(", ", Topics.SUPPLY_CHAIN_TOPIC_NAMES));
                }
                if (target.partition() >= env.partitions()) {
                    throw targetNode.refuse("leader-of TOPIC:PARTITION with PARTITION from 0 to " + (env.partitions() - 1)
                            + " (env '" + env.name() + "' has " + env.partitions() + " partition"
                            + (env.partitions() == 1 ? "" : "s") + ")" + point);
                }
            }
            default -> {
                // all, random, controller, killed: resolved against the live cluster when the fault is bound
            }
        }
    }

    private static String apps(AppSpec app) {
        return "an app instance app:N with N from 1 to " + app.instances() + " (app.instances)";
    }
}
