package io.supplychaos.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/** A GET sent on to the instance holding the key: marked as forwarded, path and query kept, its answer returned as it came. */
class QueryForwarderTest {

    private HttpServer owner;
    private final AtomicReference<HttpExchange> asked = new AtomicReference<>();
    private final AtomicReference<String> forwardedBy = new AtomicReference<>();

    @BeforeEach
    void startOwner() throws IOException {
        owner = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        owner.createContext("/", exchange -> {
            asked.set(exchange);
            forwardedBy.set(exchange.getRequestHeaders().getFirst(KeyQueryRouter.FORWARDED_BY));
            byte[] body = "{\"orderId\":\"o-1\",\"status\":\"DELIVERED\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json;charset=UTF-8");
            exchange.getResponseHeaders().add(KeyQueryRouter.SERVED_BY, "127.0.0.1:" + owner.getAddress().getPort());
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        owner.start();
    }

    @AfterEach
    void stopOwner() {
        owner.stop(0);
    }

    @Test
    void shouldSendTheRequestOnMarkedAsForwardedAndReturnTheOwnersAnswer() throws Exception {
        HostInfo host = new HostInfo("127.0.0.1", owner.getAddress().getPort());

        QueryForwarder.Answer answer = new QueryForwarder().forward(host, "/", List.of("orders", "o 1"), "x=1",
                "127.0.0.1:9999");

        assertThat(asked.get().getRequestURI().getRawPath()).isEqualTo("/orders/o%201");
        assertThat(asked.get().getRequestURI().getRawQuery()).isEqualTo("x=1");
        assertThat(forwardedBy.get()).isEqualTo("127.0.0.1:9999");
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.contentType()).startsWith("application/json");
        assertThat(new String(answer.body(), StandardCharsets.UTF_8)).contains("\"DELIVERED\"");
        assertThat(answer.servedBy()).isEqualTo("127.0.0.1:" + owner.getAddress().getPort());
    }

    @Test
    void givenAKeyWithCharactersAPathCannotCarry_whenForwarded_thenEachIsPercentEncodedAndTheOwnerDecodesTheSameKey()
            throws Exception {
        HostInfo host = new HostInfo("127.0.0.1", owner.getAddress().getPort());

        new QueryForwarder().forward(host, "/app/", List.of("orders", "a b%c/d?e#f\u00e9"), null, "127.0.0.1:9999");

        assertThat(asked.get().getRequestURI().getRawPath()).isEqualTo("/app/orders/a%20b%25c%2Fd%3Fe%23f%C3%A9");
        assertThat(asked.get().getRequestURI().getRawQuery()).isNull();
    }

    @Test
    void shouldFailWhenTheOwnerDoesNotAnswer() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            closedPort = socket.getLocalPort();
        }

        assertThatThrownBy(() -> new QueryForwarder().forward(new HostInfo("127.0.0.1", closedPort),
                "/", List.of("orders", "o-1"), null, "127.0.0.1:9999"))
                .isInstanceOf(IOException.class);
    }
}
