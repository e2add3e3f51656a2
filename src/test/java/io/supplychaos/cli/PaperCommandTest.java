package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.scenario.Scenario;
import io.supplychaos.scenario.ScenarioLoader;
import picocli.CommandLine;

/** {@code paper}'s choice of points: any subset of the sweep, and exit 2 before anything starts for one it lacks. */
class PaperCommandTest {

    private static final ChaosPaths PATHS = new ChaosPaths(Path.of("."), Path.of(".chaos"));

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path dir;

    private static Scenario load(String file) {
        return new ScenarioLoader(name -> EnvFiles.resolve(PATHS, name)).load(Path.of(file));
    }

    private int paper(String... args) {
        CommandLine cli = ChaosCli.commandLine();
        cli.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 3];
        all[0] = "paper";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--out";
        all[args.length + 2] = dir.resolve("out").toString();
        return cli.execute(all);
    }

    @Test
    void shouldRunOnlyThePointsTheOptionsNameInTheSweepsOrder() {
        // given the whole table, and a subset of one config, two counts and one half
        Scenario full = load(PaperCommand.FULL);
        PaperCommand.Subset subset = PaperCommand.Subset.of(List.of("C2"), List.of(20000L, 500L), "paper", full,
                PaperCommand.FULL);

        // when
        List<Scenario> runs = subset.apply(full).runs();

        // then
        assertThat(runs).extracting(Scenario::name)
                .containsExactly("paper-table2-c2-500-paper-rate", "paper-table2-c2-20000-paper-rate");
        assertThat(runs.get(1).workload().ratePerSecond()).isEqualTo(320.4);
    }

    @Test
    void shouldRunEveryPointWhenNoOptionNarrowsTheSweep() {
        Scenario quick = load(PaperCommand.QUICK);

        List<Scenario> runs = PaperCommand.Subset.of(null, null, null, quick, PaperCommand.QUICK).apply(quick).runs();

        assertThat(runs).hasSize(quick.sweep().size()).extracting(Scenario::name)
                .contains("paper-quick-c3-10000-max-rate");
    }

    @Test
    void shouldRefuseASubsetThatLeavesNoPointRatherThanRunTheBaseScenario() {
        Scenario full = load(PaperCommand.FULL);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> full.withSweepPoints(point -> false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no point of");
    }

    @Test
    void shouldExit2NamingTheCountsWhenACountIsNotOneOfTheSweeps() {
        assertThat(paper("--orders", "100,123")).isEqualTo(2);
        assertThat(err.toString()).contains("--orders 123: not one of the message counts")
                .contains("100, 250, 500").contains("50000");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void shouldExit2WhenTheQuickSubsetLacksTheCountAndSayTheWholeTableHasIt() {
        assertThat(paper("--quick", "--orders", "20000")).isEqualTo(2);
        assertThat(err.toString()).contains("scenarios/paper-quick.yaml").contains("without --quick");
    }

    @Test
    void shouldExit2ForAConfigOrRateTheSweepDoesNotHave() {
        assertThat(paper("--env", "c4")).isEqualTo(2);
        assertThat(err.toString()).contains("--env c4").contains("c1, c2, c3");
        assertThat(paper("--rate", "fast")).isEqualTo(2);
        assertThat(err.toString()).contains("--rate fast: paper").contains("max");
        assertThat(dir.resolve("out")).doesNotExist();
    }
}
