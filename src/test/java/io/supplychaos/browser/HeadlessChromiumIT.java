package io.supplychaos.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The harness itself: it sees what a page does wrong, clicks, evaluates, and leaves no browser or profile behind. */
@Timeout(60)
class HeadlessChromiumIT {

    @TempDir
    Path dir;

    @Test
    void shouldReportConsoleErrorsAndExceptionsAndClickElements() throws Exception {
        // given a page that logs an error, throws on load, and counts clicks
        Path page = dir.resolve("page.html");
        Files.writeString(page, """
                <!doctype html><html><body>
                <button id="b" onclick="window.clicks = (window.clicks || 0) + 1">b</button>
                <script>console.error('broken', 42); setTimeout(() => { throw new Error('boom'); }, 0);</script>
                </body></html>""");
        ProcessHandle browserProcess;
        try (HeadlessChromium browser = HeadlessChromium.start()) {
            browserProcess = ProcessHandle.current().children().filter(p -> p.info().command().orElse("").contains("chrom"))
                    .findFirst().orElse(null);
            // when it is opened and its button clicked twice
            browser.open(page.toUri().toString());
            browser.click("#b");
            browser.click("#b");

            // then both clicks counted, and the error and the exception were collected
            assertThat(browser.evaluate("window.clicks").asInt()).isEqualTo(2);
            io.supplychaos.time.Poll.require("the exception to be reported", Duration.ofSeconds(5),
                    () -> browser.errors().stream().anyMatch(e -> e.contains("boom")));
            assertThat(browser.errors()).anySatisfy(e -> assertThat(e).contains("console.error: broken 42"))
                    .anySatisfy(e -> assertThat(e).contains("uncaught").contains("boom"));
            assertThatThrownBy(() -> browser.click("#missing")).hasMessageContaining("#missing");
            assertThatThrownBy(() -> browser.await("never", Duration.ofMillis(500), "false")).hasMessageContaining("never");
        }
        // and the browser is gone
        assertThat(browserProcess).isNotNull();
        assertThat(browserProcess.isAlive()).isFalse();
    }
}
