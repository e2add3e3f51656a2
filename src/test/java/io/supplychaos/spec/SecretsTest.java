package io.supplychaos.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The one rule for which settings hold secrets, and their values hidden in maps, JSON, YAML and logs. */
class SecretsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {
        // Kafka's PASSWORD configs, bare and behind prefixes
        "sasl.jaas.config", "ssl.key.password", "ssl.keystore.password", "ssl.truststore.password", "ssl.keystore.key",
        "ssl.keystore.certificate.chain", "sasl.oauthbearer.client.credentials.client.secret",
        "listener.name.client.scram-sha-512.sasl.jaas.config", "listener.name.client.ssl.keystore.password",
        "kafka-streams.producer.ssl.key.password", "main.consumer.sasl.jaas.config",
        // by their words
        "password", "jmxPassword", "basic.auth.user.info", "schema.registry.basic.auth.user.info", "api.key", "private.key",
        "delegation.token.secret.key", "password.encoder.secret", "auth-token", "access_token", "AWS_SECRET_ACCESS_KEY",
        "credentials", "oauth.client.secret", "keystore.passphrase"})
    void givenANameThatHoldsASecret_whenAsked_thenItIsOne(String name) {
        assertThat(Secrets.isSecret(name)).as(name).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bootstrap.servers", "security.protocol", "sasl.mechanism", "ssl.truststore.location",
        "ssl.truststore.type", "ssl.endpoint.identification.algorithm", "sasl.oauthbearer.token.endpoint.url",
        "delegation.token.expiry.time.ms", "password.encoder.cipher.algorithm", "password.encoder.key.length",
        "basic.auth.credentials.source", "key.serializer", "username", "acks", "min.insync.replicas",
        "partitioning", "keystore", "", "listener.name.client.sasl.enabled.mechanisms"})
    void givenANameThatHoldsNoSecret_whenAsked_thenItIsNone(String name) {
        assertThat(Secrets.isSecret(name)).as(name).isFalse();
    }

    @Test
    void givenAClientConfig_whenMasked_thenOnlyTheSecretsAreHiddenInTheOrderGiven() {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("security.protocol", "SASL_SSL");
        config.put("sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required password=\"p\";");
        config.put("ssl.truststore.password", "t");

        assertThat(Secrets.masked(config)).containsExactly(Map.entry("security.protocol", "SASL_SSL"),
                Map.entry("sasl.jaas.config", "[hidden]"), Map.entry("ssl.truststore.password", "[hidden]"));
    }

    @Test
    void givenAJsonTree_whenMasked_thenEveryScalarUnderASecretsNameIsHiddenAtAnyDepthAndTheRestKept() throws Exception {
        JsonNode tree = JSON.readTree("{\"env\":{\"clientConfig\":{\"sasl.jaas.config\":\"jaas\",\"acks\":\"all\"},"
                + "\"metrics\":{\"password\":\"jmx\",\"username\":\"u\"}},\"tokens\":[\"a\",{\"b\":1}],\"n\":3,\"password\":null}");

        JsonNode masked = Secrets.maskedJson(tree);

        assertThat(masked.toString()).isEqualTo("{\"env\":{\"clientConfig\":{\"sasl.jaas.config\":\"[hidden]\",\"acks\":\"all\"},"
                + "\"metrics\":{\"password\":\"[hidden]\",\"username\":\"u\"}},\"tokens\":[\"[hidden]\",{\"b\":\"[hidden]\"}],\"n\":3,"
                + "\"password\":null}");
        assertThat(tree.path("env").path("metrics").path("password").asText()).as("the original is left alone").isEqualTo("jmx");
    }

    @Test
    void givenAScenarioWithAnInlineEnvsSecrets_whenMasked_thenTheyAreHiddenAndTheFileKeepsItsLinesKeysAndOtherValues() {
        String yaml = """
                # the staging cluster
                name: staging-run
                env:
                  name: staging
                  kind: external
                  bootstrapServers: "k1:9093"   # TLS
                  clientConfig:
                    security.protocol: SASL_SSL
                    sasl.jaas.config: >-
                      org.apache.kafka.common.security.scram.ScramLoginModule required
                      username="svc" password="s3cr3t-jaas";
                    ssl.truststore.password: 'tr-pass'
                    ssl.truststore.location: /etc/kafka/truststore.p12
                  metrics: {jmx: {1: "k1:9999"}, username: monitor, password: jmx-pass}
                producer: {acks: all, ssl.key.password: &kp key-pass}
                app: {config: {kafka-streams.ssl.key.password: *kp}}
                workload: {orders: 10}
                """;

        String masked = Secrets.maskedYaml(yaml);

        assertThat(masked).doesNotContain("s3cr3t-jaas", "tr-pass", "jmx-pass", "key-pass");
        assertThat(masked.lines().count()).isEqualTo(yaml.lines().count());
        List<String> before = yaml.lines().toList();
        List<String> after = masked.lines().toList();
        for (int i = 0; i < before.size(); i++) {
            if (!before.get(i).contains("jaas") && !before.get(i).contains("pass") && !before.get(i).contains("ScramLoginModule")) {
                assertThat(after.get(i)).as("line " + (i + 1)).isEqualTo(before.get(i));
            }
        }
        assertThat(after.get(11)).isEqualTo("    ssl.truststore.password: \"[hidden]\"");
        assertThat(after.get(8)).isEqualTo("    sasl.jaas.config: \"[hidden]\"");
        assertThat(after.get(13)).isEqualTo("  metrics: {jmx: {1: \"k1:9999\"}, username: monitor, password: \"[hidden]\"}");
        assertThat(after.get(14)).isEqualTo("producer: {acks: all, ssl.key.password: &kp \"[hidden]\"}");
        Map<String, Object> read = new Yaml().load(masked);
        @SuppressWarnings("unchecked")
        Map<String, Object> env = (Map<String, Object>) read.get("env");
        @SuppressWarnings("unchecked")
        Map<String, Object> client = (Map<String, Object>) env.get("clientConfig");
        assertThat(client).containsEntry("sasl.jaas.config", "[hidden]").containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("ssl.truststore.location", "/etc/kafka/truststore.p12");
        assertThat(read.get("app").toString()).contains("kafka-streams.ssl.key.password=[hidden]");
        assertThat(read.get("name")).isEqualTo("staging-run");
    }

    @Test
    void givenALogWithSettingsAndAJaasLine_whenMasked_thenTheSecretsAreHiddenAndTheRestKept() {
        String log = """
                \tsasl.jaas.config = [hidden]
                \tssl.truststore.password = tr-pass
                \tssl.truststore.location = /tmp/t.p12
                ssl.key.password=key-pass
                login with org.apache.kafka.common.security.plain.PlainLoginModule required username="svc" password="jaas-pass";
                format --add-scram 'SCRAM-SHA-512=[name=supply-chaos,password=scram-pass]'
                password: yaml-pass
                """;

        String masked = Secrets.maskedText(log);

        assertThat(masked).doesNotContain("tr-pass", "key-pass", "jaas-pass", "scram-pass", "yaml-pass")
                .contains("\tssl.truststore.location = /tmp/t.p12", "username=\"svc\" password=\"[hidden]\";",
                        "name=supply-chaos,password=[hidden]]", "ssl.key.password=[hidden]", "password: [hidden]");
        assertThat(masked.lines().count()).isEqualTo(log.lines().count());
    }
}
