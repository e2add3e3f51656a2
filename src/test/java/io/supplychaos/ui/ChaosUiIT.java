package io.supplychaos.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.browser.HeadlessChromium;
import io.supplychaos.chaos.FaultEventLog;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.ItPorts;
import io.supplychaos.kind.ManualFaults;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.kind.embedded.EnvStatus;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * {@code ./chaos ui} driven from a real browser on a real env (C1: one broker JVM behind
 * Toxiproxy): the page's kill button kills the broker as {@code kill-broker} does (the process is
 * gone, the journal says so with source "ui"), the page shows it stopped with a fault bar on the
 * chart, and its start button brings it back; its delay and heal buttons put a toxic on and
 * take it off. Also: with no env, the page says so; the token comes in the printed URL's fragment
 * and leaves the address bar; without it the page shows nothing but where to get it.
 */
@Timeout(180)
class ChaosUiIT {
    /** What the page may take to show a change: a broker's restart and the next event poll took over 15 s on a saturated CI run. */
    private static final Duration PAGE = Duration.ofSeconds(30);
    private static ChaosPaths paths;
    private static EmbeddedEnvironment environment;

    @BeforeAll
    static void up() {
        paths = ChaosPaths.defaults().withStateDir(Path.of("target", "it-state", "ui-c1"));
        environment = new EmbeddedEnvironment(paths);
        environment.down(false);
        EnvSpec c1 = EnvSpecReader.read(EnvFiles.resolve(paths, "c1"));
        environment.up(c1, "c1", ItPorts.freeBase(), line -> System.out.println("[ui-c1] " + line)).state();
    }

    @AfterAll
    static void down() {
        if (environment != null) {
            environment.down(false);
        }
    }

    /** As status reads it: the recorded pid (a start records a new one) and /proc. */
    private static String brokerState() {
        return EnvStatus.of(environment.recorded().orElseThrow()).brokers().get(0).state();
    }

    private static long toxics() {
        return EnvStatus.of(environment.recorded().orElseThrow()).toxiproxy().proxies().stream()
                .mapToLong(p -> p.toxics().size()).sum();
    }

    @Test
    void shouldKillTheBrokerFromThePageShowItDownWithAFaultBarAndStartItAgain() {
        try (UiServer server = UiServer.start(paths, 0); HeadlessChromium browser = HeadlessChromium.start()) {
            // given the page on a running C1
            browser.open(server.url());
            browser.await("broker 1 shown running", PAGE, "document.querySelector('#broker-1')?.dataset.state === 'running'");
            long journalStart = new FaultEventLog(paths.stateDir()).position();

            // when its kill button is clicked
            browser.click("#broker-1 button[data-action='kill-broker']");

            // then the broker process is gone, journalled as a UI fault, and the page shows it down with a fault bar
            Poll.require("broker 1 to be stopped", PAGE, () -> "stopped".equals(brokerState()));
            // the journal entry follows the kill (a fault is journalled once it took), so it is awaited, not read at once
            Poll.require("the kill journalled with source 'ui'", PAGE, () -> new FaultEventLog(paths.stateDir())
                    .readFrom(journalStart).entries().stream().anyMatch(e -> "kill-broker".equals(e.action())
                            && ManualFaults.UI.equals(e.source()) && Integer.valueOf(1).equals(e.brokerId())));
            browser.await("broker 1 shown stopped", PAGE, "document.querySelector('#broker-1')?.dataset.state === 'stopped'");
            browser.await("an open fault bar on the throughput chart", PAGE,
                    "document.querySelectorAll(\"#chart-throughput rect.fault-bar.open[data-action='kill-broker']\").length > 0");
            browser.await("the result line naming the kill", PAGE, "document.querySelector('#result').textContent.includes('1')"
                    + " && !document.querySelector('#result').classList.contains('error')");

            // when its start button is clicked
            browser.await("the start button enabled", PAGE, "!document.querySelector(\"#broker-1 button[data-action='start-broker']\").disabled");
            browser.click("#broker-1 button[data-action='start-broker']");

            // then it runs again, the page says so and the bar is closed
            Poll.require("broker 1 to run again", Timeouts.BROKER_REGISTER, () -> "running".equals(brokerState()));
            browser.await("broker 1 shown running again", PAGE, "document.querySelector('#broker-1')?.dataset.state === 'running'");
            // the start is journalled once the broker logged that it started, which its pid in the state file (all
            // the two awaits above need) precedes by up to BROKER_REGISTER on a busy machine: the bar closes then
            browser.await("the kill's bar closed", Timeouts.BROKER_REGISTER,
                    "document.querySelectorAll(\"#chart-throughput rect.fault-bar.open[data-action='kill-broker']\").length === 0"
                            + " && document.querySelectorAll(\"#chart-throughput rect.fault-bar[data-action='kill-broker']\").length > 0");

            // when a delay is put on every client link from the page, then healed from it
            browser.await("the delay button enabled", PAGE, "!document.querySelector('#delay').disabled");
            browser.click("#delay");
            Poll.require("a latency toxic on broker 1's proxy", PAGE, () -> toxics() > 0);
            browser.await("the toxic listed", PAGE, "document.querySelectorAll('#toxics .toxic').length > 0");
            assertThat(browser.evaluate("document.querySelector('#toxics .toxic').textContent").asText())
                    .as("a toxic reads with its units").contains("latency 200 ms (downstream)").doesNotContain("{");
            browser.await("the heal button enabled", PAGE, "!document.querySelector('#heal').disabled");
            browser.click("#heal");
            Poll.require("no toxic left", PAGE, () -> toxics() == 0);
            browser.await("no toxic listed", PAGE, "document.querySelectorAll('#toxics .toxic').length === 0");
            assertThat(browser.evaluate("document.querySelector('#result').classList.contains('error')").asBoolean())
                    .as("result line: " + browser.evaluate("document.querySelector('#result').textContent").asText()).isFalse();
            assertThat(browser.errors()).as("console errors and exceptions").isEmpty();
        }
    }

    @Test
    void shouldSayPlainlyWhenNoEnvIsUp(@TempDir Path empty) {
        try (UiServer server = UiServer.start(ChaosPaths.defaults().withStateDir(empty), 0);
             HeadlessChromium browser = HeadlessChromium.start()) {
            browser.open(server.url());
            browser.await("the banner saying no env is up", PAGE,
                    "!document.querySelector('#banner').hidden && document.querySelector('#banner').textContent.includes('./chaos up')");
            assertThat(browser.evaluate("document.querySelectorAll('#brokers tbody tr').length").asInt()).isZero();
            browser.await("the charts saying why they are empty", PAGE, "document.querySelectorAll('svg.live-chart text.message').length === 3");
            assertThat(browser.errors()).as("console errors and exceptions").isEmpty();
        }
    }

    @Test
    void givenThePrintedUrl_whenOpened_thenTheTokenLeavesTheAddressBarAndTheTabKeepsIt(@TempDir Path empty) {
        try (UiServer server = UiServer.start(ChaosPaths.defaults().withStateDir(empty), 0);
             HeadlessChromium browser = HeadlessChromium.start()) {
            String bare = "http://127.0.0.1:" + server.port() + "/";
            // when the URL ./chaos ui printed is opened, then the page answers and the address bar no longer shows the token
            browser.open(server.url());
            browser.await("the banner saying no env is up", PAGE, "document.querySelector('#banner').textContent.includes('./chaos up')");
            assertThat(browser.evaluate("location.href").asText()).isEqualTo(bare);

            // when the bare address is opened again in the same tab, then the tab still has the token
            browser.open(bare);
            browser.await("the banner saying no env is up, after the reload", PAGE,
                    "document.querySelector('#banner').textContent.includes('./chaos up')");
            assertThat(browser.errors()).as("console errors and exceptions").isEmpty();
        }
    }

    @Test
    void givenTheBareAddressInAFreshBrowser_whenOpened_thenThePageShowsNothingButWhereToGetTheUrl(@TempDir Path empty) {
        try (UiServer server = UiServer.start(ChaosPaths.defaults().withStateDir(empty), 0);
             HeadlessChromium browser = HeadlessChromium.start()) {
            browser.open("http://127.0.0.1:" + server.port() + "/");

            browser.await("the banner asking for the printed URL", PAGE,
                    "document.querySelector('#banner').textContent.includes('needs the URL ./chaos ui printed')");
            assertThat(browser.evaluate("document.body.textContent.includes(" + HeadlessChromium.quote(empty.toString()) + ")")
                    .asBoolean()).as("the state dir, which only the API tells").isFalse();
        }
    }
}
