package io.supplychaos.kind.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.ListenerSecurity;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.env.PortPlan;

class BrokerPropertiesTest {
    private final EnvSpec c3 = new EnvSpec("c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED,
            Map.of("all", Map.of("num.io.threads", "16"), "2", Map.of("num.io.threads", "4")));
    private final PortPlan plan = new PortPlan(29000, 3);

    @Test
    void clientAndReplicationListenersAdvertiseTheirProxiesControllerStaysDirect() {
        Map<String, String> p = BrokerProperties.forBroker(c3, plan, 2, Path.of("/tmp/b2"));
        assertThat(p).containsEntry("listeners", "CLIENT://127.0.0.1:29032,REPLICATION://127.0.0.1:29022,CONTROLLER://127.0.0.1:29012")
                .containsEntry("advertised.listeners", "CLIENT://127.0.0.1:29042,REPLICATION://127.0.0.1:29052")
                .containsEntry("inter.broker.listener.name", "REPLICATION")
                .containsEntry("controller.quorum.voters", "1@127.0.0.1:29011,2@127.0.0.1:29012,3@127.0.0.1:29013");
    }

    @Test
    void internalTopicsMatchTheEnvAndOverridesComeLast() {
        Map<String, String> p = BrokerProperties.forBroker(c3, plan, 2, Path.of("/tmp/b2"));
        assertThat(p).containsEntry("min.insync.replicas", "2")
                .containsEntry("offsets.topic.replication.factor", "3")
                .containsEntry("transaction.state.log.replication.factor", "3")
                .containsEntry("transaction.state.log.min.isr", "2")
                .containsEntry("num.io.threads", "4")
                .containsEntry("log.cleaner.dedupe.buffer.size", "16777216");
        assertThat(BrokerProperties.forBroker(c3, plan, 1, Path.of("/tmp/b1"))).containsEntry("num.io.threads", "16");
    }

    @Test
    void directEnvAdvertisesTheListenersThemselves() {
        EnvSpec direct = new EnvSpec("d", 1, 1, 1, 1, Partitioning.KEY, Network.DIRECT, Map.of());
        assertThat(BrokerProperties.forBroker(direct, new PortPlan(29000, 1), 1, Path.of("/tmp/b1")))
                .containsEntry("advertised.listeners", "CLIENT://127.0.0.1:29031,REPLICATION://127.0.0.1:29021");
    }

    @Test
    void aSecuredEnvHasASaslSslClientListenerAndPlaintextReplicationAndController() {
        SecureListener scram = new SecureListener(new ListenerSecurity("SASL_SSL", "SCRAM-SHA-512"),
                new TlsMaterial(Path.of("/tmp/tls"), "storepw"), "supply-chaos", "saslpw");
        Map<String, String> p = BrokerProperties.forBroker(c3, plan, 1, Path.of("/tmp/b1"), scram);
        assertThat(p).containsEntry("listener.security.protocol.map", "CLIENT:SASL_SSL,REPLICATION:PLAINTEXT,CONTROLLER:PLAINTEXT")
                .containsEntry("inter.broker.listener.name", "REPLICATION")
                .containsEntry("listener.name.client.sasl.enabled.mechanisms", "SCRAM-SHA-512")
                .containsEntry("listener.name.client.scram-sha-512.sasl.jaas.config",
                        "org.apache.kafka.common.security.scram.ScramLoginModule required;")
                .containsEntry("listener.name.client.ssl.keystore.location", "/tmp/tls/broker.keystore.p12")
                .containsEntry("listener.name.client.ssl.keystore.password", "storepw")
                .doesNotContainKey("authorizer.class.name");
        assertThat(String.join(" ", p.values())).as("SCRAM users are in the metadata, not the config").doesNotContain("saslpw");
        assertThat(scram.storageFormatArguments()).containsExactly("--add-scram", "SCRAM-SHA-512=[name=supply-chaos,password=saslpw]");
        assertThat(scram.clientConfig()).containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                .containsEntry("sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required"
                        + " username=\"supply-chaos\" password=\"saslpw\";")
                .containsEntry("ssl.truststore.location", "/tmp/tls/client.truststore.p12")
                .containsEntry("ssl.truststore.type", "PKCS12")
                .doesNotContainKey("ssl.endpoint.identification.algorithm");
        assertThat(scram.toString()).doesNotContain("saslpw").doesNotContain("storepw");
    }

    @Test
    void plainKeepsItsUserInTheJaasConfigAndAddsNoScramUser() {
        SecureListener plain = new SecureListener(new ListenerSecurity("SASL_SSL", "PLAIN"),
                new TlsMaterial(Path.of("/tmp/tls"), "storepw"), "supply-chaos", "saslpw");
        assertThat(BrokerProperties.forBroker(c3, plan, 1, Path.of("/tmp/b1"), plain))
                .containsEntry("listener.name.client.plain.sasl.jaas.config",
                        "org.apache.kafka.common.security.plain.PlainLoginModule required user_supply-chaos=\"saslpw\";");
        assertThat(plain.storageFormatArguments()).isEmpty();
        assertThat(plain.clientConfig().get("sasl.jaas.config")).startsWith("org.apache.kafka.common.security.plain.PlainLoginModule");
    }
}
