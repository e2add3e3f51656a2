package io.supplychaos.verify;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.StateDir;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * The topics of a suite on the env: Kafka's system tests give every suite a fresh cluster, so on an
 * env that a verify used before, the topics, internal topics and consumer group it left are
 * deleted first. Only what a verify created goes: the names are recorded in the env's data
 * directory ({@code verify/created.txt}, gone with {@code down}), and a suite topic that exists
 * without being recorded (someone else's {@code data} or {@code echo}) is refused, never deleted.
 * Then the suite's topics are created with {@link Suite#PARTITIONS} partitions and the env's
 * replication factor and min ISR.
 */
final class SuiteTopics {

    private SuiteTopics() {
    }

    static void prepare(ChaosPaths paths, String bootstrap, Suite suite, EnvSpec env, Consumer<String> out) {
        Path record = StateDir.createOwned(StateDir.createOwned(paths.dataDir()).resolve("verify")).resolve("created.txt");
        Set<String> created = read(record);
        try (Admin admin = admin(bootstrap)) {
            Set<String> existing = get(admin.listTopics().names(), "listing topics");
            List<String> foreign = existing.stream()
                    .filter(t -> Suite.allTopics().contains(t) && !created.contains(t)).sorted().toList();
            if (!foreign.isEmpty()) {
                throw new IllegalArgumentException("topic(s) " + String.join(", ", foreign) + " exist on env '" + env.name()
                        + "' and were not created by verify: Kafka's suites need them fresh. `./chaos down` first");
            }
            Set<String> leftovers = new TreeSet<>();
            for (String topic : existing) {
                boolean internal = created.stream().anyMatch(name -> name.startsWith("app:")
                        && topic.startsWith(name.substring(4) + "-"));
                if (created.contains(topic) || internal) {
                    leftovers.add(topic);
                }
            }
            List<String> groups = created.stream().filter(name -> name.startsWith("app:")).map(n -> n.substring(4)).toList();
            for (String group : groups) {
                // members of a test app a crashed CLI left stay in the group until their session times out
                Poll.require("the consumer group " + group + " of an earlier verify to be deletable", Timeouts.VERIFY_GROUP_EMPTY,
                        Duration.ofSeconds(1), () -> {
                            try {
                                get(admin.deleteConsumerGroups(List.of(group)).all(), "deleting consumer group " + group);
                                return true;
                            } catch (IllegalStateException e) {
                                if (e.getCause() instanceof GroupIdNotFoundException) {
                                    return true;
                                }
                                if (e.getCause() instanceof GroupNotEmptyException) {
                                    return false;
                                }
                                throw e;
                            }
                        });
            }
            if (!leftovers.isEmpty()) {
                out.accept("deleting " + leftovers.size() + " topic(s) an earlier verify left on env " + env.name());
                try {
                    get(admin.deleteTopics(leftovers).all(), "deleting topics");
                } catch (IllegalStateException e) {
                    if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                        throw e;
                    }
                }
                Poll.require("deleted topics to disappear", Timeouts.TOPICS_CREATE, () -> {
                    Set<String> now = get(admin.listTopics().names(), "listing topics");
                    return leftovers.stream().noneMatch(now::contains);
                });
            }
            // recorded before creating: a crash halfway still leaves them marked as ours
            Set<String> mine = new LinkedHashSet<>(suite.topics());
            mine.add("app:" + suite.applicationId());
            write(record, mine);
            create(admin, suite.topics(), env);
        }
    }

    private static void create(Admin admin, Collection<String> names, EnvSpec env) {
        List<NewTopic> topics = new ArrayList<>();
        for (String name : names) {
            topics.add(new NewTopic(name, Suite.PARTITIONS, (short) env.replicationFactor())
                    .configs(Map.of("min.insync.replicas", Integer.toString(env.minInsyncReplicas()))));
        }
        // just-deleted names may be refused for a moment while the deletion completes
        Poll.require("the suite's topics to be created", Timeouts.TOPICS_CREATE, Poll.DEFAULT_INTERVAL, () -> {
            try {
                admin.createTopics(topics).all().get(Timeouts.ADMIN_CALL.toMillis(), TimeUnit.MILLISECONDS);
                return true;
            } catch (ExecutionException e) {
                if (e.getCause() instanceof TopicExistsException) {
                    Set<String> now = get(admin.listTopics().names(), "listing topics");
                    return now.containsAll(names);
                }
                throw new IllegalStateException("cannot create the suite's topics: " + e.getCause().getMessage(), e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (TimeoutException e) {
                return false;
            }
        });
    }

    private static Admin admin(String bootstrap) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(Timeouts.ADMIN_CALL.toMillis()));
        return Admin.create(props);
    }

    private static <T> T get(org.apache.kafka.common.KafkaFuture<T> future, String what) {
        try {
            return future.get(Timeouts.ADMIN_CALL.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + ": " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + ": interrupted", e);
        } catch (TimeoutException e) {
            throw new IllegalStateException(what + ": no answer within " + Timeouts.describe(Timeouts.ADMIN_CALL), e);
        }
    }

    private static Set<String> read(Path record) {
        try {
            return Files.exists(record) ? new LinkedHashSet<>(Files.readAllLines(record)) : new LinkedHashSet<>();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + record, e);
        }
    }

    private static void write(Path record, Set<String> names) {
        Set<String> all = new LinkedHashSet<>(read(record));
        all.addAll(names);
        try {
            Files.write(record, all);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + record, e);
        }
    }
}
