package io.supplychaos.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.supplychaos.time.Poll;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Test harness: Debian's {@code chromium} started headless on a temporary profile, driven through
 * the Chrome DevTools Protocol over {@link java.net.http.WebSocket} (no Selenium, no browser
 * download). Opens one page, collects its console errors and uncaught exceptions
 * ({@code Runtime.consoleAPICalled} of type error, {@code Runtime.exceptionThrown},
 * {@code Log.entryAdded} of level error), evaluates JavaScript and clicks elements. {@link #close()}
 * kills the browser with every process it started and deletes the profile directory.
 *
 * <p>The binary is {@code /usr/bin/chromium} (or see {@link #binary()}); without it,
 * {@link #start()} fails saying how to install it.
 */
public final class HeadlessChromium implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");
    private static final Duration START = Duration.ofSeconds(30);
    private static final Duration COMMAND = Duration.ofSeconds(20);

    private final Process process;
    private final Path profile;
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final List<String> output = new CopyOnWriteArrayList<>();
    private WebSocket socket;
    private String session;

    private HeadlessChromium(Process process, Path profile) {
        this.process = process;
        this.profile = profile;
    }

    /**
     * The browser's binary: {@code -Dchromium.path}, else Debian's {@code /usr/bin/chromium}, else
     * {@code chromium} or {@code chromium-browser} on the PATH.
     */
    public static Path binary() {
        String configured = System.getProperty("chromium.path");
        if (configured != null) {
            return Path.of(configured);
        }
        Path debian = Path.of("/usr/bin/chromium");
        if (Files.isExecutable(debian)) {
            return debian;
        }
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .filter(dir -> !dir.isEmpty())
                .flatMap(dir -> Stream.of(Path.of(dir, "chromium"), Path.of(dir, "chromium-browser")))
                .filter(Files::isExecutable).findFirst().orElse(debian);
    }

    /** Starts the browser with one blank page attached; fails with the install command when chromium is missing. */
    public static HeadlessChromium start() {
        Path binary = binary();
        if (!Files.isExecutable(binary)) {
            throw new AssertionError("no chromium at " + binary + ": the browser tests need it, 'apt-get install chromium' "
                    + "(or -Dchromium.path=/path/to/chromium)");
        }
        Path profile;
        Process process;
        try {
            profile = Files.createTempDirectory("supply-chaos-chromium");
            process = new ProcessBuilder(binary.toString(), "--headless", "--remote-debugging-port=0",
                    "--user-data-dir=" + profile, "--no-sandbox", "--no-first-run", "--no-default-browser-check",
                    "--disable-gpu", "--disable-dev-shm-usage", "--disable-breakpad", "--disable-crash-reporter",
                    "--disable-extensions", "--disable-background-networking", "--mute-audio", "about:blank")
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + binary, e);
        }
        HeadlessChromium browser = new HeadlessChromium(process, profile);
        try {
            browser.connect();
            return browser;
        } catch (RuntimeException | Error e) {
            browser.close();
            throw e;
        }
    }

    private void connect() {
        CompletableFuture<String> url = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    Matcher matcher = LISTENING.matcher(line);
                    if (matcher.find()) {
                        url.complete(matcher.group(1));
                    } else if (output.size() < 200) {
                        output.add(line);
                    }
                }
            } catch (IOException closed) {
                // the browser is gone; close() ends it anyway
            }
            url.completeExceptionally(new IllegalStateException("chromium exited before it listened: " + output));
        }, "chromium-output");
        reader.setDaemon(true);
        reader.start();
        String browserUrl = await(url, START, "chromium's DevTools URL");
        socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(COMMAND)
                .buildAsync(URI.create(browserUrl), new Listener()).join();
        String target = call(null, "Target.createTarget", Map.of("url", "about:blank")).path("targetId").asText();
        session = call(null, "Target.attachToTarget", Map.of("targetId", target, "flatten", true)).path("sessionId").asText();
        call(session, "Runtime.enable", Map.of());
        call(session, "Log.enable", Map.of());
        call(session, "Page.enable", Map.of());
    }

    /** Opens {@code url} in the page and waits until its document and everything it loads have loaded. */
    public void open(String url) {
        JsonNode navigated = call(session, "Page.navigate", Map.of("url", url));
        if (navigated.hasNonNull("errorText")) {
            throw new IllegalStateException("cannot open " + url + ": " + navigated.get("errorText").asText());
        }
        await("the page " + url + " to load", COMMAND, "document.readyState === 'complete' && location.href !== 'about:blank'");
    }

    /** Evaluates {@code expression} in the page (promises awaited) and returns its value as JSON (null for undefined). */
    public JsonNode evaluate(String expression) {
        JsonNode reply = call(session, "Runtime.evaluate", Map.of("expression", expression, "returnByValue", true,
                "awaitPromise", true));
        if (reply.hasNonNull("exceptionDetails")) {
            throw new IllegalStateException("evaluating " + expression + " threw " + describe(reply.get("exceptionDetails")));
        }
        return reply.path("result").path("value");
    }

    /** Clicks the first element matching the CSS {@code selector}; fails when there is none. */
    public void click(String selector) {
        String quoted = quote(selector);
        JsonNode found = evaluate("(() => { const el = document.querySelector(" + quoted + "); if (!el) return false; "
                + "el.click(); return true; })()");
        if (!found.asBoolean()) {
            throw new AssertionError("no element matches " + selector);
        }
    }

    /** Waits until the JS {@code condition} is truthy in the page; fails naming {@code what} at the deadline. */
    public void await(String what, Duration timeout, String condition) {
        Poll.require(what, timeout, Duration.ofMillis(200), () -> evaluate("!!(" + condition + ")").asBoolean());
    }

    /** Saves what the page shows now as a PNG, e.g. to look at a failing page. */
    public void screenshot(Path file, int width, int height) {
        call(session, "Emulation.setDeviceMetricsOverride", Map.of("width", width, "height", height, "deviceScaleFactor", 1,
                "mobile", false));
        String data = call(session, "Page.captureScreenshot", Map.of("format", "png")).path("data").asText();
        try {
            Files.write(file, java.util.Base64.getDecoder().decode(data));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Console errors, uncaught exceptions and error log entries seen so far, in order. */
    public List<String> errors() {
        return List.copyOf(errors);
    }

    /** A JS string literal of {@code text}. */
    public static String quote(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private JsonNode call(String sessionId, String method, Map<String, ?> params) {
        long id = ids.incrementAndGet();
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", JSON.valueToTree(params));
        if (sessionId != null) {
            message.put("sessionId", sessionId);
        }
        CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        pending.put(id, reply);
        socket.sendText(message.toString(), true).join();
        JsonNode answer = await(reply, COMMAND, method);
        if (answer.hasNonNull("error")) {
            throw new IllegalStateException(method + " failed: " + answer.get("error"));
        }
        return answer.path("result");
    }

    private static <T> T await(CompletableFuture<T> future, Duration timeout, String what) {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for " + what, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("waiting for " + what + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("no answer from chromium for " + what + " within " + timeout, e);
        }
    }

    private void onMessage(JsonNode message) {
        if (message.has("id")) {
            CompletableFuture<JsonNode> reply = pending.remove(message.get("id").asLong());
            if (reply != null) {
                reply.complete(message);
            }
            return;
        }
        JsonNode params = message.path("params");
        switch (message.path("method").asText()) {
            case "Runtime.consoleAPICalled" -> {
                if ("error".equals(params.path("type").asText())) {
                    List<String> args = new ArrayList<>();
                    params.path("args").forEach(arg -> args.add(arg.has("value") ? arg.get("value").asText()
                            : arg.path("description").asText()));
                    errors.add("console.error: " + String.join(" ", args));
                }
            }
            case "Runtime.exceptionThrown" -> errors.add("uncaught: " + describe(params.path("exceptionDetails")));
            case "Log.entryAdded" -> {
                JsonNode entry = params.path("entry");
                if ("error".equals(entry.path("level").asText())) {
                    errors.add("log: " + entry.path("text").asText() + " " + entry.path("url").asText(""));
                }
            }
            default -> {
                // other events are not needed
            }
        }
    }

    private static String describe(JsonNode details) {
        JsonNode exception = details.path("exception");
        String text = exception.hasNonNull("description") ? exception.get("description").asText() : details.path("text").asText();
        return text + " (line " + details.path("lineNumber").asInt() + ")";
    }

    /** Kills the browser and every process it started, then deletes its profile. */
    @Override
    public void close() {
        if (socket != null) {
            socket.abort();
        }
        List<ProcessHandle> all = Stream.concat(process.descendants(), Stream.of(process.toHandle())).toList();
        all.forEach(ProcessHandle::destroyForcibly);
        Poll.untilIgnoringInterrupts(Duration.ofSeconds(10), Poll.DEFAULT_INTERVAL,
                () -> all.stream().noneMatch(ProcessHandle::isAlive));
        deleteProfile();
    }

    private void deleteProfile() {
        // a renderer dying a moment late can still write into the profile: a few tries
        Poll.untilIgnoringInterrupts(Duration.ofSeconds(5), Poll.DEFAULT_INTERVAL, () -> {
            if (!Files.exists(profile)) {
                return true;
            }
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            } catch (IOException | UncheckedIOException e) {
                return false;
            }
            return !Files.exists(profile);
        });
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                try {
                    onMessage(JSON.readTree(text));
                } catch (IOException e) {
                    errors.add("unreadable DevTools message: " + e.getMessage());
                }
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            pending.values().forEach(reply -> reply.completeExceptionally(error));
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            pending.values().forEach(reply -> reply.completeExceptionally(new IllegalStateException("DevTools closed: " + reason)));
            return null;
        }
    }
}
