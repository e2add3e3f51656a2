package io.supplychaos.env;

/**
 * The embedded env's client listener security, as an env file's {@code security:} block sets it:
 * SASL over TLS with a certificate the env generates at {@code up}, and a mechanism for the user
 * the env creates. Null in an {@link EnvSpec} means plaintext listeners.
 *
 * @param protocol  the client listener's security protocol (SASL_SSL)
 * @param mechanism the SASL mechanism: PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512
 */
public record ListenerSecurity(String protocol, String mechanism) {

    public static final String SASL_SSL = "SASL_SSL";
    public static final java.util.List<String> MECHANISMS = java.util.List.of("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512");
}
