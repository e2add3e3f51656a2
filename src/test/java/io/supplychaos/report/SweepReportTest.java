package io.supplychaos.report;

import io.supplychaos.paper.PaperTable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.supplychaos.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SweepReportTest {

    @TempDir
    Path parent;

    private static final PaperTable PAPER = PaperTable.load();

    /** C1 and C3 at 1000 and 10000 messages, two repeats each, our figures half the paper's latency. */
    private static List<SweepReport.Member> paperSweep() {
        List<SweepReport.Member> members = new ArrayList<>();
        for (String config : List.of("C1", "C3")) {
            for (long messages : List.of(1_000L, 10_000L)) {
                RunResult.PaperFigures p = PAPER.figures(config, messages).orElseThrow();
                for (int repeat = 0; repeat < 2; repeat++) {
                    RunResult r = Runs.withFigures(Runs.result(), config.toLowerCase(), p.throughputPerSec() + repeat,
                            p.latencyMs() / 2, 300, p.requestTimeMs(), p.jitterMs());
                    members.add(new SweepReport.Member(config + "-" + messages + "-" + repeat, Runs.withPaper(r, p)));
                }
            }
        }
        return members;
    }

    @Test
    void shouldWriteOneAggregatePerConfigAndMessageCountToTheParentSummary() throws IOException {
        SweepReport.write(parent, paperSweep());

        JsonNode summary = new ObjectMapper().readTree(parent.resolve("summary.json").toFile());
        assertThat(summary.get("runs")).hasSize(8);
        assertThat(summary.get("aggregates")).hasSize(4);
        JsonNode c3At10000 = summary.get("aggregates").get(3);
        assertThat(c3At10000.get("env").asText()).isEqualTo("c3");
        assertThat(c3At10000.get("messages").asLong()).isEqualTo(10_000);
        assertThat(c3At10000.get("runs").asInt()).isEqualTo(2);
        assertThat(c3At10000.get("throughputOrdersPerSec").get("median").asDouble()).isEqualTo(361.3);
        assertThat(c3At10000.get("throughputOrdersPerSec").get("min").asDouble()).isEqualTo(360.8);
        assertThat(c3At10000.get("throughputOrdersPerSec").get("max").asDouble()).isEqualTo(361.8);
        assertThat(summary.get("verdict").asText()).isEqualTo("FAIL");
    }

    @Test
    void shouldLinkEachRunsReportFromTheIndex() throws IOException {
        List<SweepReport.Member> members = paperSweep();

        SweepReport.write(parent, members);

        String html = Files.readString(parent.resolve("report.html"));
        for (SweepReport.Member m : members) {
            assertThat(html).contains("<a href=\"" + m.directory() + "/report.html\">");
        }
    }

    @Test
    void shouldCompareEachConfigWithThePaperPerMessageCount() throws IOException {
        SweepReport.write(parent, paperSweep());

        String html = Files.readString(parent.resolve("report.html"));
        // C3 at 10000: paper latency 78.5, ours the median 39.25, ratio 0.50.
        assertThat(html).contains("The paper (Table II) vs this sweep")
                .contains("<td class=\"text\">C3</td><td>10,000</td><td>78.5</td><td>39.3</td><td>0.50</td>")
                .contains("Throughput: ours vs the paper</h3>")
                .contains("stroke-dasharray")
                .doesNotContain("http://", "https://");
    }

    @Test
    void shouldLeaveThePaperOutOfARepeatOfAnotherScenario() throws IOException {
        List<SweepReport.Member> repeats = List.of(new SweepReport.Member("1", Runs.result()),
                new SweepReport.Member("2", Runs.withFigures(Runs.result(), "c3", 1, 2, 3, 4, 5)));

        SweepReport.write(parent, repeats);

        assertThat(Files.readString(parent.resolve("report.html"))).doesNotContain("Table II")
                .contains("Median (min &ndash; max) per env and message count");
    }

    @Test
    void shouldFindTheRunDirectoriesByTheirSummary() throws IOException {
        ResultFiles.write(parent.resolve("b-run"), Runs.run());
        ResultFiles.write(parent.resolve("a-run"), Runs.run());
        Files.createDirectories(parent.resolve("not-a-run"));

        assertThat(SweepReport.runDirectories(parent)).extracting(p -> p.getFileName().toString())
                .containsExactly("a-run", "b-run");
    }
}
