package io.supplychaos.kind.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.CliRun;
import io.supplychaos.env.ItPorts;
import io.supplychaos.env.KafkaAccess;

/**
 * A one-broker SASL_SSL (SCRAM-SHA-512) embedded env, started and stopped by the CLI verbs: a
 * producer and consumer configured from {@code state.access()} round-trip a record through the
 * client proxy with hostname verification on; a plaintext client gets no metadata; a wrong password
 * fails authentication; {@code status} and a fault verb work through the client config; no verb
 * prints the password; {@code down} removes the generated TLS files with the data.
 */
@Timeout(180)
class SecureEnvironmentIT {
    private static final Path STATE_DIR = Path.of("target", "it-state", "secure");
    private static final Duration REFUSED_WITHIN = Duration.ofSeconds(5);

    @Test
    void saslSslEnvServesItsOwnClientsAndRefusesOthers() throws Exception {
        int basePort = ItPorts.freeBase();
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(STATE_DIR);
        CliRun.chaos(STATE_DIR, "down");
        long t0 = System.nanoTime();
        try {
            CliRun up = CliRun.chaos(STATE_DIR, "up", "--env", "c1-sasl-ssl", "--base-port", Integer.toString(basePort));
            System.out.printf("[secure] up in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            assertThat(up.exit()).as(up.out() + up.err()).isZero();
            assertThat(up.out()).contains("(SASL_SSL)");

            EnvState state = new EmbeddedEnvironment(paths).running().orElseThrow();
            KafkaAccess access = state.access();
            String password = saslPassword(access);
            assertThat(access.clientConfig()).containsEntry("security.protocol", "SASL_SSL")
                    .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                    .doesNotContainKey("ssl.endpoint.identification.algorithm");
            assertThat(up.out() + up.err()).doesNotContain(password);
            Path truststore = Path.of(access.clientConfig().get("ssl.truststore.location"));
            assertThat(truststore).startsWith(paths.dataDir().toAbsolutePath()).exists();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(paths.stateDir().resolve("state.json"))))
                    .isEqualTo("rw-------");
            assertThat(Files.readString(Path.of(state.brokers().get(0).configFile())))
                    .contains("listener.security.protocol.map=CLIENT:SASL_SSL,REPLICATION:PLAINTEXT,CONTROLLER:PLAINTEXT")
                    .doesNotContain(password);

            roundTrip(access);
            plaintextClientGetsNoMetadata(state.bootstrapServers());
            wrongPasswordFailsAuthentication(access, password);

            JsonNode status = await().atMost(Duration.ofSeconds(20)).until(() -> {
                CliRun run = CliRun.chaos(STATE_DIR, "status", "--json");
                assertThat(run.out()).doesNotContain(password);
                return new ObjectMapper().readTree(run.out());
            }, json -> json.path("underReplicatedPartitions").isInt());
            assertThat(status.path("underReplicatedPartitions").asInt()).isZero();
            // the fault verb finds the leader through the client config, then pauses and resumes it
            CliRun pause = CliRun.chaos(STATE_DIR, "pause-broker", "--leader", "order-placed:0", "--for", "1s");
            assertThat(pause.exit()).as(pause.out() + pause.err()).isZero();
            assertThat(pause.out() + pause.err()).doesNotContain(password);
            roundTrip(access);
        } finally {
            CliRun down = CliRun.chaos(STATE_DIR, "down");
            System.out.printf("[secure] up to down in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            assertThat(down.exit()).as(down.out() + down.err()).isZero();
        }
        assertThat(paths.dataDir()).doesNotExist();
    }

    private static void roundTrip(KafkaAccess access) throws Exception {
        String key = "secure-" + UUID.randomUUID();
        Properties producerProps = access.properties();
        producerProps.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>("order-placed", key, "over TLS")).get(30, TimeUnit.SECONDS);
        }
        Properties consumerProps = access.properties();
        consumerProps.put(ConsumerConfig.GROUP_ID_CONFIG, "secure-it-" + UUID.randomUUID());
        consumerProps.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerProps, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of("order-placed"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    if (key.equals(record.key())) {
                        assertThat(record.value()).isEqualTo("over TLS");
                        return;
                    }
                }
            }
        }
        throw new AssertionError("the record sent over SASL_SSL did not come back within 30 s");
    }

    private static void plaintextClientGetsNoMetadata(String bootstrap) {
        try (Admin admin = Admin.create(adminProps(KafkaAccess.plaintext(bootstrap).properties()))) {
            assertThatThrownBy(() -> admin.describeCluster().nodes().get(REFUSED_WITHIN.toMillis(), TimeUnit.MILLISECONDS))
                    .as("a PLAINTEXT client on the SASL_SSL listener").isInstanceOfAny(ExecutionException.class,
                            java.util.concurrent.TimeoutException.class);
        }
    }

    private static void wrongPasswordFailsAuthentication(KafkaAccess access, String password) {
        Properties props = adminProps(access.properties());
        props.put("sasl.jaas.config", access.clientConfig().get("sasl.jaas.config").replace(password, "not-" + password));
        try (Admin admin = Admin.create(props)) {
            assertThatThrownBy(() -> admin.describeCluster().nodes().get(REFUSED_WITHIN.toMillis(), TimeUnit.MILLISECONDS))
                    .isInstanceOf(ExecutionException.class).cause().isInstanceOf(SaslAuthenticationException.class);
        }
    }

    private static Properties adminProps(Properties props) {
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(REFUSED_WITHIN.toMillis()));
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(REFUSED_WITHIN.toMillis()));
        return props;
    }

    private static String saslPassword(KafkaAccess access) {
        Matcher m = Pattern.compile("password=\"([^\"]+)\"").matcher(access.clientConfig().get("sasl.jaas.config"));
        assertThat(m.find()).isTrue();
        return m.group(1);
    }
}
