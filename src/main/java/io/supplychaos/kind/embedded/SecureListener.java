package io.supplychaos.kind.embedded;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.supplychaos.env.ListenerSecurity;

/**
 * What a secured embedded env's CLIENT listener is made of: the env's {@link ListenerSecurity}
 * (SASL_SSL and a mechanism), its {@link TlsMaterial} and the one SASL user the env creates, with a
 * password generated at {@code up}. Gives the broker properties of the listener, the StorageTool
 * argument that creates a SCRAM user at format time, and the client config every client of the env
 * gets. Pure; touches nothing (the files are {@link TlsMaterial}'s).
 *
 * @param username the SASL user clients log in as
 * @param password that user's password
 */
public record SecureListener(ListenerSecurity security, TlsMaterial tls, String username, String password) {

    public static final String USERNAME = "supply-chaos";
    /** Kafka lower-cases the listener name in listener-scoped properties. */
    private static final String PREFIX = "listener.name.client.";

    /** A new user with a random password for an env secured by {@code security} with the TLS files {@code tls}. */
    public static SecureListener create(ListenerSecurity security, TlsMaterial tls) {
        return new SecureListener(security, tls, USERNAME, TlsMaterial.randomPassword());
    }

    public String mechanism() {
        return security.mechanism();
    }

    public boolean scram() {
        return mechanism().startsWith("SCRAM-");
    }

    /**
     * The CLIENT listener's broker properties besides the listener map: the keystore and, scoped to
     * the listener, the enabled mechanism and the server side of its JAAS login. PLAIN keeps its one
     * user in the JAAS config ({@code user_NAME="password"}); SCRAM users live in the cluster
     * metadata, written at format time ({@link #storageFormatArguments}).
     */
    public Map<String, String> brokerProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(PREFIX + "ssl.keystore.type", "PKCS12");
        p.put(PREFIX + "ssl.keystore.location", tls.keystore().toAbsolutePath().toString());
        p.put(PREFIX + "ssl.keystore.password", tls.password());
        p.put(PREFIX + "ssl.key.password", tls.password());
        p.put(PREFIX + "sasl.enabled.mechanisms", mechanism());
        String jaas = scram()
                ? "org.apache.kafka.common.security.scram.ScramLoginModule required;"
                : "org.apache.kafka.common.security.plain.PlainLoginModule required user_" + username + "=\"" + password + "\";";
        p.put(PREFIX + mechanism().toLowerCase(Locale.ROOT) + ".sasl.jaas.config", jaas);
        return p;
    }

    /** StorageTool {@code format}'s arguments that create the SCRAM user; none for PLAIN. */
    public List<String> storageFormatArguments() {
        return scram()
                ? List.of("--add-scram", mechanism() + "=[name=" + username + ",password=" + password + "]")
                : List.of();
    }

    /**
     * What a client needs besides bootstrap.servers: SASL_SSL, the mechanism and login, and the
     * truststore holding the env's CA. Hostname verification keeps Kafka's https default: the
     * broker certificate names 127.0.0.1 and localhost.
     */
    public Map<String, String> clientConfig() {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("security.protocol", ListenerSecurity.SASL_SSL);
        c.put("sasl.mechanism", mechanism());
        String module = scram() ? "org.apache.kafka.common.security.scram.ScramLoginModule"
                : "org.apache.kafka.common.security.plain.PlainLoginModule";
        c.put("sasl.jaas.config", module + " required username=\"" + username + "\" password=\"" + password + "\";");
        c.put("ssl.truststore.type", "PKCS12");
        c.put("ssl.truststore.location", tls.truststore().toAbsolutePath().toString());
        c.put("ssl.truststore.password", tls.password());
        return c;
    }

    @Override
    public String toString() {
        // the default would print the password into logs and exceptions
        return "SecureListener[" + security + ", user " + username + ", " + tls + "]";
    }
}
