package io.supplychaos.kind.embedded;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.ListenerSecurity;
import io.supplychaos.env.PortPlan;
import io.supplychaos.env.ProxyLink;

/**
 * Builds one broker's {@code server.properties}: a combined KRaft node (broker + controller) with a
 * CLIENT listener, a REPLICATION (inter-broker) listener and a direct CONTROLLER listener. When the
 * env is proxied, CLIENT and REPLICATION advertise their Toxiproxy proxy's address so every client
 * byte and every follower fetch crosses Toxiproxy. A secured env's CLIENT listener is SASL_SSL
 * ({@link SecureListener}); REPLICATION and CONTROLLER stay PLAINTEXT, on 127.0.0.1 only, so the
 * cost measured is the clients' and inter-broker traffic is not what is secured. Internal topics get
 * the env's RF and min ISR. The env file's {@code brokerConfig} is applied last. Pure; touches nothing.
 */
public final class BrokerProperties {

    private BrokerProperties() {
    }

    /** A plaintext broker (or one of a secured env before its TLS files exist, in tests). */
    public static Map<String, String> forBroker(EnvSpec spec, PortPlan plan, int id, Path logDir) {
        return forBroker(spec, plan, id, logDir, null);
    }

    /** @param secure the CLIENT listener's security; null: PLAINTEXT */
    public static Map<String, String> forBroker(EnvSpec spec, PortPlan plan, int id, Path logDir, SecureListener secure) {
        String host = PortPlan.HOST;
        List<String> voters = new ArrayList<>();
        for (int v = 1; v <= spec.brokers(); v++) {
            voters.add(v + "@" + host + ":" + plan.controller(v));
        }
        Map<String, String> p = new LinkedHashMap<>();
        p.put("process.roles", "broker,controller");
        p.put("node.id", Integer.toString(id));
        p.put("controller.quorum.voters", String.join(",", voters));
        p.put("listeners", "CLIENT://" + host + ":" + plan.clientListener(id)
                + ",REPLICATION://" + host + ":" + plan.replicationListener(id)
                + ",CONTROLLER://" + host + ":" + plan.controller(id));
        p.put("advertised.listeners", "CLIENT://" + host + ":" + plan.advertised(id, ProxyLink.CLIENT, spec.network())
                + ",REPLICATION://" + host + ":" + plan.advertised(id, ProxyLink.REPLICATION, spec.network()));
        p.put("listener.security.protocol.map", "CLIENT:" + (secure == null ? "PLAINTEXT" : ListenerSecurity.SASL_SSL)
                + ",REPLICATION:PLAINTEXT,CONTROLLER:PLAINTEXT");
        if (secure != null) {
            p.putAll(secure.brokerProperties());
        }
        p.put("inter.broker.listener.name", "REPLICATION");
        p.put("controller.listener.names", "CONTROLLER");
        p.put("log.dirs", logDir.toAbsolutePath().toString());
        p.put("num.partitions", Integer.toString(spec.partitions()));
        p.put("default.replication.factor", Integer.toString(spec.replicationFactor()));
        p.put("min.insync.replicas", Integer.toString(spec.minInsyncReplicas()));
        p.put("offsets.topic.replication.factor", Integer.toString(spec.replicationFactor()));
        p.put("transaction.state.log.replication.factor", Integer.toString(spec.replicationFactor()));
        p.put("transaction.state.log.min.isr", Integer.toString(spec.minInsyncReplicas()));
        // fewer internal partitions than the defaults (50) keep start-up and elections quick on 2 cores
        p.put("offsets.topic.num.partitions", "10");
        p.put("transaction.state.log.num.partitions", "10");
        // the cleaner's default 128 MB dedupe buffer does not fit next to a running broker in -Xmx192m (OOM at start)
        p.put("log.cleaner.dedupe.buffer.size", Integer.toString(16 * 1024 * 1024));
        // A transaction's first write to a partition waits for the previous transaction's markers. Kafka's
        // 100 ms server-side wait sends CONCURRENT_TRANSACTIONS back to Streams on every commit here; the
        // client's retry backoff and the out-of-sequence retries behind it then stall the stream thread
        p.put("add.partitions.to.txn.retry.backoff.max.ms", "3000");
        p.putAll(spec.brokerOverrides(id));
        return p;
    }

    public static String render(Map<String, String> properties) {
        StringBuilder out = new StringBuilder("# written by supply-chaos; regenerated on every up\n");
        properties.forEach((k, v) -> out.append(k).append('=').append(v).append('\n'));
        return out.toString();
    }
}
