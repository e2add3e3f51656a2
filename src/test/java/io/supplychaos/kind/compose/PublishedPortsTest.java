package io.supplychaos.kind.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ChaosPaths;

/** The host ports a compose file publishes, and the check that names a taken one before {@code up}. */
class PublishedPortsTest {

    @TempDir
    Path dir;

    @Test
    void givenTheReposComposeFileWhenReadThenToxiproxysApiClientProxiesAndAppPortAreItsPublishedPorts() {
        assertThat(PublishedPorts.of(ChaosPaths.defaults().home().resolve("docker-compose.yml")))
                .extracting(PublishedPorts.Published::port)
                .containsExactly(29000, 29041, 29042, 29043, 8080);
    }

    @Test
    void givenAPublishedPortSomeoneHoldsWhenCheckedThenTheErrorNamesPortAndService() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Path file = compose(taken.getLocalPort());

            assertThatThrownBy(() -> PublishedPorts.requireFree(file)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("port 127.0.0.1:" + taken.getLocalPort())
                    .hasMessageContaining("published by service toxiproxy");
        }
    }

    @Test
    void givenThePortIsHeldByTheRunningServiceThatPublishesItWhenCheckedThenItIsNotRefused() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Path file = compose(taken.getLocalPort());

            assertThatCode(() -> PublishedPorts.requireFree(file, java.util.List.of("toxiproxy"))).doesNotThrowAnyException();
        }
    }

    @Test
    void givenFreePublishedPortsWhenCheckedThenNothingIsRefused() throws IOException {
        int free;
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            free = probe.getLocalPort();
        }
        Path file = compose(free);

        assertThatCode(() -> PublishedPorts.requireFree(file)).doesNotThrowAnyException();
    }

    private Path compose(int port) throws IOException {
        return Files.writeString(dir.resolve("docker-compose.yml"), """
                services:
                  toxiproxy:
                    image: ghcr.io/shopify/toxiproxy:2.5.0
                    ports: ["127.0.0.1:%d:8474"]
                  pumba:
                    profiles: [pumba]
                    ports: ["127.0.0.1:%d:9999"]
                """.formatted(port, port));
    }
}
