package io.supplychaos.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.supplychaos.browser.HeadlessChromium;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as a browser shows it: a run with faults and a time series rendered by the report
 * code, opened from disk in headless Chromium, loads without a console error or an exception and
 * draws data in every chart. Checks general properties of the page, not its words.
 */
@Timeout(120)
class HtmlReportBrowserIT {

    /** Per chart: how many points its polylines and circles draw, and whether it says it has no data. */
    private static final String CHARTS = """
            [...document.querySelectorAll('svg.chart')].map(svg => ({
              points: [...svg.querySelectorAll('polyline')].map(p => (p.getAttribute('points') || '').trim())
                        .filter(p => p.length > 0).map(p => p.split(/\\s+/).length).reduce((a, b) => a + b, 0)
                      + svg.querySelectorAll('circle').length,
              noData: svg.querySelector('.nodata') !== null,
              title: (svg.closest('section, div, figure') || svg).querySelector('h2, h3, h4, figcaption')?.textContent || ''
            }))""";

    @TempDir
    Path dir;

    @Test
    void shouldLoadWithoutErrorsAndDrawDataInEveryChartWhenOpenedFromDisk() throws Exception {
        // given a run with scheduled and CLI faults and forty seconds of rows, written as a run writes it
        ResultFiles.write(dir, Runs.run());
        Path report = dir.resolve(ResultFiles.REPORT);

        try (HeadlessChromium browser = HeadlessChromium.start()) {
            // when it is opened from disk
            browser.open(report.toUri().toString());

            // then it has charts, each with data drawn, the faults' bands on the time charts, and no error
            JsonNode charts = browser.evaluate(CHARTS);
            assertThat(charts.size()).as("charts in the report").isGreaterThan(0);
            List<String> empty = new ArrayList<>();
            charts.forEach(chart -> {
                if (chart.path("noData").asBoolean() || chart.path("points").asInt() == 0) {
                    empty.add(chart.path("title").asText("(untitled)"));
                }
            });
            assertThat(empty).as("charts that draw nothing").isEmpty();
            assertThat(browser.evaluate("document.querySelectorAll('svg.chart .fault-band').length").asInt())
                    .as("fault bands across the charts").isGreaterThan(0);
            assertThat(browser.errors()).as("console errors and exceptions").isEmpty();
        }
    }
}
