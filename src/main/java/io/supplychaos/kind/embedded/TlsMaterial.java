package io.supplychaos.kind.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import io.supplychaos.env.ExternalCommand;
import io.supplychaos.env.PortPlan;
import io.supplychaos.env.StateDir;

/**
 * The TLS files of one secured embedded env, generated at {@code up} with the running JDK's
 * {@code keytool}: a self-signed CA (its key used once and deleted), a broker keystore whose
 * certificate the CA signed for {@code IP:127.0.0.1} and {@code DNS:localhost} (so clients keep
 * hostname verification on), a client truststore holding the CA, and the CA certificate as PEM for
 * clients that take PEM. Everything is PKCS12 with one random password per env. Writes only into
 * the directory it is given (the env's {@code data/tls/}, created as the tool's so it goes with the
 * env's data); the keystores are 0600.
 *
 * @param dir        where the files are
 * @param password   the keystores' and truststore's password (also the broker key's)
 */
public record TlsMaterial(Path dir, String password) {

    public static final String KEYSTORE = "broker.keystore.p12";
    public static final String TRUSTSTORE = "client.truststore.p12";
    public static final String CA_PEM = "ca.crt";
    public static final String BROKER_ALIAS = "broker";
    static final int VALIDITY_DAYS = 365;
    /** keytool reads the password from this environment variable, so it is never on a command line. */
    private static final String PASSWORD_ENV = "SUPPLY_CHAOS_STORE_PASSWORD";
    private static final long KEYTOOL_TIMEOUT_SECONDS = 60;
    private static final SecureRandom RANDOM = new SecureRandom();

    public Path keystore() {
        return dir.resolve(KEYSTORE);
    }

    public Path truststore() {
        return dir.resolve(TRUSTSTORE);
    }

    public Path caCertificate() {
        return dir.resolve(CA_PEM);
    }

    /** A random password of hex digits: safe inside JAAS quotes, StorageTool's --add-scram and properties files. */
    public static String randomPassword() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * Generates a new CA, broker keystore and client truststore in {@code dir} (created as the
     * tool's; files of an earlier env there are replaced).
     */
    public static TlsMaterial generate(Path dir) {
        StateDir.createOwned(dir);
        TlsMaterial tls = new TlsMaterial(dir, randomPassword());
        Path ca = dir.resolve("ca.p12");
        Path csr = dir.resolve("broker.csr");
        Path signed = dir.resolve("broker.crt");
        try {
            for (Path old : List.of(ca, csr, signed, tls.keystore(), tls.truststore(), tls.caCertificate())) {
                Files.deleteIfExists(old);
            }
            String validity = Integer.toString(VALIDITY_DAYS);
            // EC P-256: key generation and handshakes are quick, which matters on 2 cores at every up
            tls.keytool("-genkeypair", "-alias", "ca", "-dname", "CN=supply-chaos env CA", "-keyalg", "EC",
                    "-groupname", "secp256r1", "-validity", validity, "-ext", "bc:c", "-keystore", ca.toString());
            tls.keytool("-genkeypair", "-alias", BROKER_ALIAS, "-dname", "CN=localhost", "-keyalg", "EC",
                    "-groupname", "secp256r1", "-validity", validity, "-keystore", tls.keystore().toString());
            tls.keytool("-certreq", "-alias", BROKER_ALIAS, "-keystore", tls.keystore().toString(), "-file", csr.toString());
            tls.keytool("-gencert", "-alias", "ca", "-keystore", ca.toString(), "-infile", csr.toString(),
                    "-outfile", signed.toString(), "-rfc", "-validity", validity,
                    "-ext", "SAN=IP:" + PortPlan.HOST + ",DNS:localhost", "-ext", "EKU=serverAuth",
                    "-ext", "KU=digitalSignature,keyAgreement");
            tls.keytool("-exportcert", "-alias", "ca", "-keystore", ca.toString(), "-rfc", "-file", tls.caCertificate().toString());
            // the broker presents the chain (its certificate, then the CA's): the CA goes in first
            tls.keytool("-importcert", "-noprompt", "-alias", "ca", "-file", tls.caCertificate().toString(),
                    "-keystore", tls.keystore().toString());
            tls.keytool("-importcert", "-noprompt", "-alias", BROKER_ALIAS, "-file", signed.toString(),
                    "-keystore", tls.keystore().toString());
            tls.keytool("-importcert", "-noprompt", "-alias", "ca", "-file", tls.caCertificate().toString(),
                    "-keystore", tls.truststore().toString());
            // the CA's key signed its one certificate; nobody should sign more with it
            Files.delete(ca);
            Files.delete(csr);
            Files.delete(signed);
            for (Path secret : List.of(tls.keystore(), tls.truststore())) {
                Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot generate the TLS files in " + dir, e);
        }
        return tls;
    }

    private void keytool(String... arguments) {
        // eight short keytool JVMs per up: C1 and the serial collector start them quicker on 2 shared cores
        List<String> command = new ArrayList<>(List.of(keytoolBinary(), "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"));
        command.addAll(List.of(arguments));
        command.addAll(List.of("-storetype", "PKCS12", "-storepass:env", PASSWORD_ENV));
        if (arguments[0].equals("-genkeypair")) {
            command.addAll(List.of("-keypass:env", PASSWORD_ENV));
        }
        ExternalCommand.run("keytool " + arguments[0], command, dir, Map.of(PASSWORD_ENV, password),
                KEYTOOL_TIMEOUT_SECONDS);
    }

    /** The keytool of the JDK this tool runs on. */
    static String keytoolBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    }

    @Override
    public String toString() {
        // a record's default toString would print the password into logs and exceptions
        return "TlsMaterial[dir=" + dir + "]";
    }
}
