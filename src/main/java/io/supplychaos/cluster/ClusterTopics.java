package io.supplychaos.cluster;

import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The supply-chain topics on a cluster, through Admin: waiting until the cluster shows the env's
 * brokers registered, creating the topics that are missing with the env's partitions, replication
 * factor and min ISR, checking those that exist have them, and deleting them, with the app's
 * Streams internal topics and consumer groups and nothing else, when asked. Used for
 * clusters the tool did not start: there a topic with another layout is an error, not something
 * to change, and nothing is deleted unless the user asks.
 */
public final class ClusterTopics {

    private ClusterTopics() {
    }

    /**
     * Waits until the cluster answers with exactly the broker ids 1..brokers registered.
     *
     * @return the registered brokers' advertised hosts by id
     */
    public static Map<Integer, String> awaitBrokers(KafkaAccess cluster, EnvSpec spec, Duration timeout) {
        Set<Integer> expected = new TreeSet<>();
        for (int id = 1; id <= spec.brokers(); id++) {
            expected.add(id);
        }
        List<Collection<Node>> seen = new ArrayList<>();
        try (Admin admin = admin(cluster, Timeouts.CLUSTER_LOOKUP)) {
            boolean ready = Poll.until(timeout, Duration.ofMillis(500), () -> {
                Collection<Node> nodes = get(admin.describeCluster().nodes(), Timeouts.CLUSTER_LOOKUP);
                if (nodes != null) {
                    seen.clear();
                    seen.add(nodes);
                }
                return nodes != null && ids(nodes).equals(expected);
            });
            if (!ready) {
                throw new IllegalStateException(seen.isEmpty()
                        ? "the cluster at " + cluster.bootstrapServers() + " did not answer within "
                        + Timeouts.describe(timeout) + " (bootstrapServers and clientConfig of env '" + spec.name() + "')"
                        : "env '" + spec.name() + "' expects brokers " + expected + ", but the cluster at "
                        + cluster.bootstrapServers() + " has " + ids(seen.get(0)) + " registered (broker ids must be "
                        + "1.." + spec.brokers() + ": faults and results name brokers by id)");
            }
            return seen.get(0).stream().collect(Collectors.toMap(Node::id, Node::host, (a, b) -> a, java.util.TreeMap::new));
        }
    }

    /** The registered brokers' ids, asked once within {@code timeout}. */
    public static Set<Integer> registered(KafkaAccess cluster, Duration timeout) {
        try (Admin admin = admin(cluster, timeout)) {
            Collection<Node> nodes = get(admin.describeCluster().nodes(), timeout);
            if (nodes == null) {
                throw new IllegalStateException("the cluster at " + cluster.bootstrapServers() + " did not answer within "
                        + Timeouts.describe(timeout));
            }
            return ids(nodes);
        }
    }

    private static Set<Integer> ids(Collection<Node> nodes) {
        return nodes.stream().map(Node::id).collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * Creates each of {@code names} that is missing with the env's layout, and checks each that
     * exists has the env's partitions, replication factor and min.insync.replicas. Returns once
     * every one of them can be described, so that what follows (a run, a bench) does not meet a
     * topic the cluster has created but the broker it asks does not know yet.
     *
     * @return the topics created
     * @throws IllegalStateException naming the first topic whose layout differs, and how
     */
    public static List<String> ensure(KafkaAccess cluster, EnvSpec spec, Collection<String> names) {
        try (Admin admin = admin(cluster, Timeouts.TOPICS_CREATE)) {
            return ensure(new KafkaLayoutAdmin(admin), spec, names, Timeouts.TOPICS_CREATE);
        }
    }

    /**
     * {@link #ensure(KafkaAccess, EnvSpec, Collection)} through {@code admin}. Each broker learns
     * the cluster's topics from the metadata log on its own time: right after a deletion one broker
     * may still list a topic another no longer describes, and right after a creation the broker
     * asked may not know the topic yet. Either answer is "not yet", and the list, create and
     * describe are tried again until they agree, within {@code timeout}. Any other error ends at once.
     */
    static List<String> ensure(LayoutAdmin admin, EnvSpec spec, Collection<String> names, Duration timeout) {
        List<String> created = new ArrayList<>();
        Map<String, TopicDescription> descriptions = Poll.requireValue("the topics " + names
                + " to be listed and described alike by the cluster", timeout, Poll.DEFAULT_INTERVAL, () -> {
            try {
                Set<String> existing = admin.topics();
                List<NewTopic> missing = names.stream().filter(name -> !existing.contains(name) && !created.contains(name))
                        .map(name -> new NewTopic(name, spec.partitions(), (short) spec.replicationFactor())
                                .configs(Map.of("min.insync.replicas", Integer.toString(spec.minInsyncReplicas()))))
                        .toList();
                if (!missing.isEmpty()) {
                    created.addAll(admin.create(missing));
                }
                return admin.describe(names).orElse(null);
            } catch (IllegalStateException e) {
                throw new Poll.Abort(e.getMessage());
            }
        });
        List<String> present = names.stream().filter(name -> !created.contains(name)).toList();
        if (!present.isEmpty()) {
            check(admin, spec, present, descriptions);
        }
        return List.copyOf(created);
    }

    private static void check(LayoutAdmin admin, EnvSpec spec, List<String> names, Map<String, TopicDescription> descriptions) {
        Map<String, String> minIsrs = admin.minInsyncReplicas(names);
        for (String name : names) {
            TopicDescription description = descriptions.get(name);
            int partitions = description.partitions().size();
            int rf = description.partitions().get(0).replicas().size();
            String minIsr = minIsrs.getOrDefault(name, "?");
            if (partitions != spec.partitions() || rf != spec.replicationFactor()
                    || !Integer.toString(spec.minInsyncReplicas()).equals(minIsr)) {
                throw new IllegalStateException("topic " + name + " exists with " + partitions + " partitions, RF " + rf
                        + ", min ISR " + minIsr + ", but env '" + spec.name() + "' says " + spec.partitions()
                        + " partitions, RF " + spec.replicationFactor() + ", min ISR " + spec.minInsyncReplicas()
                        + ": change the env file, or delete the topics (`./chaos down --delete-topics`) if they are yours");
            }
        }
    }

    /** What {@link #ensure} asks of a cluster: Kafka's Admin client, or a test's. */
    interface LayoutAdmin {

        /** Every topic name the broker asked lists. */
        Set<String> topics();

        /** Creates {@code topics}; returns the names created, leaving out those that existed already. */
        List<String> create(List<NewTopic> topics);

        /**
         * The descriptions of {@code names}; empty when the broker asked does not know one of them
         * (yet, or any more).
         */
        Optional<Map<String, TopicDescription>> describe(Collection<String> names);

        /** Each topic's min.insync.replicas as configured. */
        Map<String, String> minInsyncReplicas(Collection<String> names);
    }

    private record KafkaLayoutAdmin(Admin admin) implements LayoutAdmin {

        @Override
        public Set<String> topics() {
            return require(admin.listTopics().names(), "list the topics");
        }

        @Override
        public List<String> create(List<NewTopic> topics) {
            List<String> created = new ArrayList<>();
            admin.createTopics(topics).values().forEach((name, future) -> {
                try {
                    future.get(Timeouts.TOPICS_CREATE.toMillis(), TimeUnit.MILLISECONDS);
                    created.add(name);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("cannot create topic " + name + ": " + e.getCause().getMessage(), e.getCause());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("creating topic " + name + " was interrupted", e);
                } catch (TimeoutException e) {
                    throw new IllegalStateException("creating topic " + name + " did not finish", e);
                }
            });
            return created;
        }

        @Override
        public Optional<Map<String, TopicDescription>> describe(Collection<String> names) {
            try {
                return Optional.of(admin.describeTopics(names).allTopicNames()
                        .get(Timeouts.TOPICS_CREATE.toMillis(), TimeUnit.MILLISECONDS));
            } catch (ExecutionException e) {
                if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                    return Optional.empty();
                }
                throw new IllegalStateException("cannot describe the topics: " + e.getCause().getMessage(), e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("describing the topics was interrupted", e);
            } catch (TimeoutException e) {
                throw new IllegalStateException("cannot describe the topics: no answer within "
                        + Timeouts.describe(Timeouts.TOPICS_CREATE), e);
            }
        }

        @Override
        public Map<String, String> minInsyncReplicas(Collection<String> names) {
            List<ConfigResource> resources = names.stream().map(name -> new ConfigResource(ConfigResource.Type.TOPIC, name)).toList();
            Map<ConfigResource, Config> configs = require(admin.describeConfigs(resources).all(), "read the topics' configs");
            Map<String, String> minIsrs = new LinkedHashMap<>();
            configs.forEach((resource, config) -> {
                var entry = config.get("min.insync.replicas");
                if (entry != null) {
                    minIsrs.put(resource.name(), entry.value());
                }
            });
            return minIsrs;
        }
    }

    /** What {@link #delete} removed: topics and consumer groups, each sorted. */
    public record Deleted(List<String> topics, List<String> groups) {
    }

    /**
     * The Admin calls deleting needs, so that what is selected and deleted is tested without a
     * broker ({@link #delete(TopicAdmin, Collection, String, Collection)}).
     */
    public interface TopicAdmin extends AutoCloseable {

        /** Every topic name on the cluster. */
        Set<String> topics();

        void deleteTopics(List<String> names);

        /**
         * Deletes consumer group {@code group}.
         *
         * @return false when the cluster has no such group
         */
        boolean deleteGroup(String group);

        @Override
        void close();
    }

    /**
     * The topics of {@code existing} that are the app's: exactly {@code names} (the supply-chain
     * topics), and the internal topics Kafka Streams names for {@code applicationId}
     * ({@code <application.id>-...-changelog} and {@code <application.id>-...-repartition}).
     * Nothing is chosen by a looser prefix: another team's {@code supply-chain-orders} or
     * {@code supply-chaos-audit} is not the app's.
     */
    public static List<String> ownTopics(Collection<String> existing, Collection<String> names, String applicationId) {
        String prefix = applicationId + "-";
        return existing.stream().filter(name -> names.contains(name)
                || name.startsWith(prefix) && (name.endsWith("-changelog") || name.endsWith("-repartition")))
                .sorted().toList();
    }

    /**
     * Deletes the app's topics on the cluster ({@link #ownTopics}: the supply-chain topics and the
     * Streams application's internal topics) and its consumer groups: the Streams application.id
     * and the SSE channel's group. A topic or group that does not exist is skipped.
     */
    public static Deleted delete(KafkaAccess cluster, String applicationId, Collection<String> groups) {
        try (TopicAdmin admin = admin(cluster)) {
            return delete(admin, Topics.SUPPLY_CHAIN_TOPIC_NAMES, applicationId, groups);
        }
    }

    /** A {@link TopicAdmin} on the cluster through Kafka's Admin client; the caller closes it. */
    public static TopicAdmin admin(KafkaAccess cluster) {
        return new KafkaTopicAdmin(admin(cluster, Timeouts.TOPICS_CREATE));
    }

    /**
     * Deletes, through {@code admin}, the topics {@link #ownTopics} picks and each of
     * {@code groups} that exists.
     */
    public static Deleted delete(TopicAdmin admin, Collection<String> names, String applicationId,
                                 Collection<String> groups) {
        return deleteExactly(admin, ownTopics(admin.topics(), names, applicationId), groups);
    }

    /**
     * Deletes, through {@code admin}, each of {@code topics} that still exists and each of
     * {@code groups} that exists: what was listed to the user and confirmed, nothing found since.
     */
    public static Deleted deleteExactly(TopicAdmin admin, Collection<String> topics, Collection<String> groups) {
        Set<String> existing = admin.topics();
        List<String> doomed = topics.stream().distinct().filter(existing::contains).sorted().toList();
        if (!doomed.isEmpty()) {
            admin.deleteTopics(doomed);
        }
        List<String> deletedGroups = groups.stream().distinct().sorted().filter(admin::deleteGroup).toList();
        return new Deleted(doomed, deletedGroups);
    }

    /** {@link TopicAdmin} through a Kafka {@link Admin}. */
    private record KafkaTopicAdmin(Admin admin) implements TopicAdmin {

        @Override
        public Set<String> topics() {
            return require(admin.listTopics().names(), "list the topics");
        }

        @Override
        public void deleteTopics(List<String> names) {
            require(admin.deleteTopics(names).all(), "delete topics " + names);
        }

        /**
         * Deletes the group once it has no members. Streams does not leave its group on close:
         * the members of app instances just stopped linger until their session times out
         * (kafka-streams.session.timeout.ms), so a group with members is asked again for
         * {@link Timeouts#ADMIN_CALL} before that is an error.
         */
        @Override
        public boolean deleteGroup(String group) {
            AtomicReference<Boolean> existed = new AtomicReference<>();
            boolean done = Poll.until(Timeouts.ADMIN_CALL, Duration.ofMillis(500), () -> {
                existed.set(tryDeleteGroup(group));
                return existed.get() != null;
            });
            if (!done) {
                throw new IllegalStateException("cannot delete consumer group " + group + ": it still has members after "
                        + Timeouts.describe(Timeouts.ADMIN_CALL) + " (app instances of another run are up: stop them first)");
            }
            return existed.get();
        }

        /** True when deleted, false when there is no such group, null while it has members. */
        private Boolean tryDeleteGroup(String group) {
            try {
                admin.deleteConsumerGroups(List.of(group)).all()
                        .get(Timeouts.TOPICS_CREATE.toMillis(), TimeUnit.MILLISECONDS);
                return true;
            } catch (ExecutionException e) {
                if (e.getCause() instanceof GroupIdNotFoundException) {
                    return false;
                }
                if (e.getCause() instanceof GroupNotEmptyException) {
                    return null;
                }
                throw new IllegalStateException("cannot delete consumer group " + group + ": " + e.getCause().getMessage(),
                        e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (TimeoutException e) {
                throw new IllegalStateException("cannot delete consumer group " + group + ": no answer within "
                        + Timeouts.describe(Timeouts.TOPICS_CREATE), e);
            }
        }

        @Override
        public void close() {
            admin.close();
        }
    }

    private static Admin admin(KafkaAccess cluster, Duration timeout) {
        Properties props = cluster.properties();
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(Math.min(timeout.toMillis(), 30_000)));
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(timeout.toMillis()));
        props.put(AdminClientConfig.CLIENT_ID_CONFIG, "supply-chaos-topics");
        return Admin.create(props);
    }

    private static <T> T require(KafkaFuture<T> future, String what) {
        try {
            return future.get(Timeouts.TOPICS_CREATE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot " + what + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("cannot " + what + ": no answer within " + Timeouts.describe(Timeouts.TOPICS_CREATE), e);
        }
    }

    private static <T> T get(KafkaFuture<T> future, Duration timeout) {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            return null;
        }
    }
}
