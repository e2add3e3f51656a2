package io.supplychaos.kind.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.StateDir;

/** The TLS files a secured env generates: the broker certificate's names, trust, validity and file modes. */
class TlsMaterialTest {
    @TempDir
    static Path dir;
    private static TlsMaterial tls;

    @BeforeAll
    static void generate() {
        tls = TlsMaterial.generate(dir.resolve("tls"));
    }

    @Test
    void brokerCertificateNames127001AndLocalhostForHostnameVerification() throws Exception {
        X509Certificate broker = brokerCertificate();
        // each name is [type, value]: 7 = iPAddress, 2 = dNSName
        List<String> names = broker.getSubjectAlternativeNames().stream().map(name -> name.get(0) + "=" + name.get(1)).toList();
        assertThat(names).containsExactlyInAnyOrder("7=127.0.0.1", "2=localhost");
        assertThat(broker.getExtendedKeyUsage()).contains("1.3.6.1.5.5.7.3.1");
    }

    @Test
    void clientTruststoreTrustsTheBrokerChain() throws Exception {
        KeyStore keystore = load(tls.keystore());
        Certificate[] chain = keystore.getCertificateChain(TlsMaterial.BROKER_ALIAS);
        assertThat(chain).hasSize(2);
        assertThat(keystore.getKey(TlsMaterial.BROKER_ALIAS, tls.password().toCharArray())).isNotNull();

        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(load(tls.truststore()));
        X509TrustManager trust = (X509TrustManager) factory.getTrustManagers()[0];
        X509Certificate[] x509 = Arrays.stream(chain).map(X509Certificate.class::cast).toArray(X509Certificate[]::new);
        trust.checkServerTrusted(x509, "ECDHE_ECDSA"); // throws when the chain does not lead to the CA
        assertThat(trust.getAcceptedIssuers()).hasSize(1);
        assertThat(trust.getAcceptedIssuers()[0].getSubjectX500Principal().getName()).contains("supply-chaos env CA");
    }

    @Test
    void validForAYearFromNow() throws Exception {
        X509Certificate broker = brokerCertificate();
        broker.checkValidity();
        broker.checkValidity(Date.from(Instant.now().plus(Duration.ofDays(TlsMaterial.VALIDITY_DAYS - 1))));
        assertThat(broker.getNotAfter()).isBefore(Date.from(Instant.now().plus(Duration.ofDays(TlsMaterial.VALIDITY_DAYS + 1))));
    }

    @Test
    void onlyTheStoresAndTheCaCertificateAreLeftAndTheStoresAreTheOwnersOnly() throws Exception {
        try (var files = Files.list(tls.dir())) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactlyInAnyOrder(
                    TlsMaterial.KEYSTORE, TlsMaterial.TRUSTSTORE, TlsMaterial.CA_PEM, StateDir.MARKER);
        }
        for (Path store : List.of(tls.keystore(), tls.truststore())) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(store))).isEqualTo("rw-------");
        }
        try (InputStream in = Files.newInputStream(tls.caCertificate())) {
            X509Certificate ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            assertThat(ca.getBasicConstraints()).as("a CA").isGreaterThanOrEqualTo(0);
        }
        assertThat(tls.toString()).doesNotContain(tls.password());
    }

    private static X509Certificate brokerCertificate() throws Exception {
        return (X509Certificate) load(tls.keystore()).getCertificate(TlsMaterial.BROKER_ALIAS);
    }

    private static KeyStore load(Path file) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, tls.password().toCharArray());
        }
        return store;
    }
}
