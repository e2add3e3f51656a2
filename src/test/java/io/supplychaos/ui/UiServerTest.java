package io.supplychaos.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.supplychaos.chaos.FaultEventLog;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.metrics.LiveSeries;
import io.supplychaos.time.Poll;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ui server without an env: who may call it, and the shapes of its JSON. */
class UiServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path stateDir;

    private UiServer server;

    @BeforeEach
    void start() {
        server = UiServer.start(ChaosPaths.defaults().withStateDir(stateDir), 0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** A raw HTTP/1.1 exchange, so that the Host header is what the test says (HttpClient will not send a foreign one). */
    private Response request(String method, String path, String host, String... headersAndBody) throws IOException {
        StringBuilder text = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n");
        String body = headersAndBody.length % 2 == 1 ? headersAndBody[headersAndBody.length - 1] : "";
        for (int i = 0; i + 1 < headersAndBody.length; i += 2) {
            text.append(headersAndBody[i]).append(": ").append(headersAndBody[i + 1]).append("\r\n");
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        text.append("Content-Length: ").append(bytes.length).append("\r\n\r\n");
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
            out.write(bytes);
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int code = Integer.parseInt(answer.substring(9, 12));
            int split = answer.indexOf("\r\n\r\n");
            return new Response(code, answer.substring(0, split), answer.substring(split + 4));
        }
    }

    private record Response(int code, String headers, String body) {
    }

    private String host() {
        return "127.0.0.1:" + server.port();
    }

    private String token() {
        return server.token();
    }

    /** A GET of the API as the page makes it: with the token the printed URL gave it. */
    private Response api(String path) throws IOException {
        return request("GET", path, host(), UiServer.TOKEN_HEADER, token());
    }

    private static final String KILL = "{\"action\":\"kill-broker\",\"broker\":1}";

    @Test
    void shouldRefuseATakenPortNamingTheOption() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> UiServer.start(ChaosPaths.defaults().withStateDir(stateDir), server.port()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--port");
    }

    @Test
    void shouldListenOnLoopbackOnly() throws Exception {
        java.net.InetAddress outside = java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces()).stream()
                .flatMap(n -> java.util.Collections.list(n.getInetAddresses()).stream())
                .filter(a -> !a.isLoopbackAddress() && a instanceof java.net.Inet4Address).findFirst().orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(outside != null, "no non-loopback address on this machine");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Socket(outside, server.port()).close())
                .isInstanceOf(java.net.ConnectException.class);
    }

    @Test
    void shouldRefuseAFaultWithoutTheToken() throws Exception {
        Response response = request("POST", "/api/fault", host(), "Content-Type", "application/json", KILL);
        assertThat(response.code()).isEqualTo(401);
    }

    @Test
    void shouldRefuseAFaultWithAnotherToken() throws Exception {
        Response response = request("POST", "/api/fault", host(), UiServer.TOKEN_HEADER, "0".repeat(48), KILL);
        assertThat(response.code()).isEqualTo(401);
    }

    @Test
    void shouldRefuseAFaultFromAForeignOriginEvenWithTheToken() throws Exception {
        Response response = request("POST", "/api/fault", host(), UiServer.TOKEN_HEADER, token(), "Origin", "http://evil.example", KILL);
        assertThat(response.code()).isEqualTo(403);
    }

    @Test
    void shouldRefuseEveryRequestNamingAnotherHost() throws Exception {
        // a DNS-rebound name resolving to 127.0.0.1 still says its own name in Host
        assertThat(request("GET", "/api/status", "evil.example:" + server.port()).code()).isEqualTo(403);
        assertThat(request("GET", "/", "127.0.0.1:" + (server.port() + 1)).code()).isEqualTo(403);
        assertThat(request("POST", "/api/fault", "evil.example:" + server.port(), UiServer.TOKEN_HEADER, token(), KILL).code())
                .isEqualTo(403);
        assertThat(request("GET", "/api/status", "localhost:" + server.port(), UiServer.TOKEN_HEADER, token()).code())
                .isEqualTo(200);
    }

    @Test
    void givenNoToken_whenThePageIsAsked_thenItComesWithoutTheTokenAndTheApiAnswersNothing() throws Exception {
        // when anyone on this machine asks for the page and the API without the token
        Response page = request("GET", "/", host());
        Response status = request("GET", "/api/status", host());
        Response series = request("GET", "/api/series", host());

        // then the page holds no token, and the API says only that a token is needed
        assertThat(page.code()).isEqualTo(200);
        assertThat(page.body()).doesNotContain(token()).contains("<script src=\"/ui.js\">");
        assertThat(request("GET", "/index.html", host()).body()).doesNotContain(token());
        assertThat(request("GET", "/ui.js", host()).body()).doesNotContain(token());
        for (Response refused : java.util.List.of(status, series)) {
            assertThat(refused.code()).isEqualTo(401);
            assertThat(refused.body()).doesNotContain(token()).doesNotContain(stateDir.toString());
        }
    }

    @Test
    void givenTheTokenTheUrlCarries_whenTheApiIsAsked_thenItAnswers() throws Exception {
        // given the URL the tool prints: the token in the fragment, which a browser never sends
        assertThat(server.url()).isEqualTo("http://127.0.0.1:" + server.port() + "/#token=" + token());

        // then with the token the API answers, with another token or a foreign Origin it does not
        assertThat(api("/api/status").code()).isEqualTo(200);
        assertThat(api("/api/series").code()).isEqualTo(200);
        assertThat(request("GET", "/api/status", host(), UiServer.TOKEN_HEADER, "0".repeat(48)).code()).isEqualTo(401);
        assertThat(request("GET", "/api/status", host(), UiServer.TOKEN_HEADER, token().substring(1)).code()).isEqualTo(401);
        assertThat(request("GET", "/api/status", host(), UiServer.TOKEN_HEADER, token(), "Origin", "http://evil.example").code())
                .isEqualTo(403);
        assertThat(request("GET", "/api/status", host(), UiServer.TOKEN_HEADER, token(), "Origin",
                "http://localhost:" + server.port()).code()).isEqualTo(200);
        assertThat(request("GET", "/api/nothing", host(), UiServer.TOKEN_HEADER, token()).code()).isEqualTo(404);
    }

    @Test
    void shouldServeThePageAndItsScriptFromTheClasspathWithAFreshToken() throws Exception {
        Response page = request("GET", "/", host());
        assertThat(page.code()).isEqualTo(200);
        assertThat(page.headers()).containsIgnoringCase("Content-Security-Policy").containsIgnoringCase("no-store");
        assertThat(token()).hasSize(48).isNotEqualTo("0".repeat(48));
        assertThat(request("GET", "/ui.js", host()).body()).contains("X-Chaos-Token").contains("#token=");
        assertThat(request("GET", "/ui.css", host()).code()).isEqualTo(200);
        assertThat(request("GET", "/etc/passwd", host()).code()).isEqualTo(404);
    }

    @Test
    void shouldSayPlainlyThatNothingIsUpWhenTheStateDirRecordsNoEnv() throws Exception {
        JsonNode status = awaitJson("/api/status", s -> s.path("message").asText().contains("./chaos up"));
        assertThat(status.get("env").isNull()).isTrue();
        assertThat(status.get("brokers").isArray()).isTrue();
        assertThat(status.get("apps").isArray()).isTrue();
        assertThat(status.get("toxics").isArray()).isTrue();
        assertThat(status.get("stateDir").asText()).isEqualTo(stateDir.toString());

        JsonNode series = JSON.readTree(api("/api/series").body());
        assertThat(series.get("source").asText()).isEqualTo("none");
        assertThat(series.get("windowMs").asLong()).isEqualTo(LiveView.WINDOW.toMillis());
        assertThat(series.get("run").isArray()).isTrue();
        assertThat(series.get("cluster").isArray()).isTrue();
        assertThat(series.get("faults").isArray()).isTrue();
    }

    @Test
    void shouldRefuseAFaultWithTheTokenWhenNoEnvIsUpNamingWhy() throws Exception {
        Response response = request("POST", "/api/fault", host(), UiServer.TOKEN_HEADER, token(), KILL);
        assertThat(response.code()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).get("error").asText()).contains("no environment is running");
        Response unknown = request("POST", "/api/fault", host(), UiServer.TOKEN_HEADER, token(), "{\"action\":\"rm-rf\"}");
        assertThat(unknown.code()).isEqualTo(400);
        assertThat(unknown.body()).contains("unknown action");
    }

    @Test
    void shouldOfferTheProtocolFaultsOnThePageAndTakeTheirRequests() throws Exception {
        // given the page and its script
        String page = request("GET", "/", host()).body();
        String script = request("GET", "/ui.js", host()).body();

        // then it has a button for each protocol verb and the script sends their options
        assertThat(page).contains("data-action=\"protocol-error\"", "data-action=\"protocol-delay\"",
                "data-action=\"drop-response\"", "id=\"protocol-api\"", "id=\"protocol-error-code\"",
                "id=\"protocol-share\"");
        assertThat(script).contains("request.api", "request.error", "request.share", "request.stream");
        // and a protocol request is taken as the verb's (refused here only because no env is up)
        Response response = request("POST", "/api/fault", host(), UiServer.TOKEN_HEADER, token(),
                "{\"action\":\"protocol-error\",\"api\":\"offset-commit\",\"error\":\"REBALANCE_IN_PROGRESS\",\"share\":0.5}");
        assertThat(response.code()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).get("error").asText()).contains("no environment is running");
    }

    @Test
    void shouldShowARunsRowsAndTheJournalsFaultsAsBars() throws Exception {
        // given a run writing rows and a CLI kill and start of broker 2 in the journal
        LiveSeries live = LiveSeries.start(stateDir);
        live.append(io.supplychaos.report.Runs.row(0, java.util.List.of()));
        live.append(io.supplychaos.report.Runs.row(1, java.util.List.of("kill-broker 2")));
        long now = System.currentTimeMillis();
        FaultEventLog journal = new FaultEventLog(stateDir);
        journal.append(new FaultEventLog.Entry(now - 3000, "inject", "kill-broker", "leader-of order-placed:0", "SIGKILL broker 2", "ui", 2));
        journal.append(new FaultEventLog.Entry(now - 1000, "inject", "start-broker", "2", "start broker 2", "cli", 2));

        // then the series comes from the run, with its rows and both kinds of bar
        JsonNode series = awaitJson("/api/series", s -> s.path("source").asText().equals("run") && s.path("run").size() == 2);
        JsonNode row = series.get("run").get(1);
        assertThat(row.get("ordersPerSec").asLong()).isPositive();
        assertThat(row.get("p99Ms").asDouble()).isPositive();
        assertThat(row.get("faults").get(0).asText()).isEqualTo("kill-broker 2");
        assertThat(row.has("phase")).isTrue();
        assertThat(series.get("faults")).anySatisfy(bar -> {
            assertThat(bar.get("source").asText()).isEqualTo("ui");
            assertThat(bar.get("from").asLong()).isEqualTo(now - 3000);
            assertThat(bar.get("to").asLong()).isEqualTo(now - 1000);
        }).anySatisfy(bar -> assertThat(bar.get("source").asText()).isEqualTo("run"));
    }

    @Test
    void givenABadLineInTheJournal_whenThePageReadsIt_thenTheFaultsAfterItStillShowAndTheLineIsNamedOnce() throws Exception {
        // given a journal whose first line is not an entry, then a kill and a start of broker 2
        java.util.List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        server.close();
        server = UiServer.start(ChaosPaths.defaults().withStateDir(stateDir), 0, warnings::add);
        FaultEventLog journal = new FaultEventLog(stateDir);
        Files.writeString(journal.file(), "{\"at\": oops}\n");
        long now = System.currentTimeMillis();
        journal.append(new FaultEventLog.Entry(now - 3000, "inject", "kill-broker", "2", "SIGKILL broker 2", "cli", 2));
        journal.append(new FaultEventLog.Entry(now - 1000, "inject", "start-broker", "2", "start broker 2", "cli", 2));

        // then the bar of the kill is there, and the bad line was named once with its file and line
        awaitJson("/api/series", s -> s.path("faults").size() == 1 && s.path("faults").get(0).path("to").asLong() == now - 1000);
        assertThat(warnings).singleElement().asString().startsWith(journal.file() + ":1: skipped a line");
    }

    @Test
    void givenABadRowInTheLiveSeries_whenThePageReadsIt_thenTheRowsAroundItStillShow() throws Exception {
        java.util.List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        server.close();
        server = UiServer.start(ChaosPaths.defaults().withStateDir(stateDir), 0, warnings::add);
        LiveSeries live = LiveSeries.start(stateDir);
        live.append(io.supplychaos.report.Runs.row(0, java.util.List.of()));
        Files.writeString(LiveSeries.file(stateDir), "{\"second\": 1, trunc\n", java.nio.file.StandardOpenOption.APPEND);
        live.append(io.supplychaos.report.Runs.row(2, java.util.List.of()));

        awaitJson("/api/series", s -> s.path("source").asText().equals("run") && s.path("run").size() == 2);
        assertThat(warnings).singleElement().asString().startsWith(LiveSeries.file(stateDir) + ":2: skipped a line");
    }

    private JsonNode awaitJson(String path, java.util.function.Predicate<JsonNode> ready) {
        return Poll.value(Duration.ofSeconds(10), Duration.ofMillis(100), () -> {
            try {
                JsonNode node = JSON.readTree(api(path).body());
                return ready.test(node) ? node : null;
            } catch (IOException e) {
                return null;
            }
        }).orElseThrow(() -> new AssertionError(path + " never answered as expected"));
    }

    @Test
    void shouldWriteRowsToTheLiveFileTruncatedAtRunStart() throws Exception {
        LiveSeries.start(stateDir).append(io.supplychaos.report.Runs.row(0, java.util.List.of()));
        LiveSeries.start(stateDir).append(io.supplychaos.report.Runs.row(5, java.util.List.of()));
        var lines = Files.readAllLines(LiveSeries.file(stateDir));
        assertThat(lines).hasSize(1);
        assertThat(JSON.readTree(lines.get(0)).get("second").asLong()).isEqualTo(5);
        assertThat(JSON.readTree(lines.get(0)).get("at").asLong()).isPositive();
    }
}
