package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

import io.supplychaos.cluster.Cluster;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.history.Expectations;
import io.supplychaos.metrics.SteadyState;
import io.supplychaos.session.ClusterSource;
import io.supplychaos.session.Session;
import io.supplychaos.session.SessionPlan.Reuse;
import io.supplychaos.session.Sessions;

/** The session a scenario asks for: when it may use the env that is up, in the scenario's words; which runs share one. */
class ScenarioRunnerTest {

    private static final EnvSpec C3 = new EnvSpec("c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED, Map.of());
    private static final ChaosPaths PATHS = new ChaosPaths(Path.of("."), Path.of(".chaos"));

    /** What the fake cluster source was asked to open. */
    private final List<String> opened = new ArrayList<>();

    @Test
    void shouldRefuseAnEnvUpWithOtherSettingsNamingTheScenarioFileAndItsEnvField() {
        // given c3 up with the defaults, and a scenario whose c3 sets a broker property
        EnvSpec tuned = new EnvSpec("c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED,
                Map.of("all", Map.of("num.io.threads", "8")));

        // when / then: bad input (exit 2) naming file and field, before anything is opened
        assertThatThrownBy(() -> runner(C3).open(scenario(tuned, true), new AtomicBoolean()))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("scenarios/s.yaml: field 'env': the env c3 that is up was started with other settings: "
                        + "`./chaos down` first");
        assertThat(opened).isEmpty();
    }

    @Test
    void shouldSuggestReuseEnvWhenTheSameEnvIsUpAndTheScenarioDoesNotAskForIt() {
        assertThatThrownBy(() -> runner(C3).open(scenario(C3, false), new AtomicBoolean()))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("field 'env'")
                .hasMessageEndingWith("or set reuseEnv: true to run on it)");
    }

    @Test
    void shouldKeepTheEnvOnlyWhenTheScenarioReusesIt() {
        assertThat(runner(null).plan(scenario(C3, true)).reuse()).isEqualTo(Reuse.KEEP);
        assertThat(runner(null).plan(scenario(C3, false)).reuse()).isEqualTo(Reuse.NONE);
    }

    @Test
    void shouldHostTheSweepsNextPointWhenOnlyItsWorkloadDiffers() {
        // given two points of one sweep: other orders and rate, the same env and app
        Scenario first = scenario(C3, false);
        Scenario next = first.withWarmup(Warmup.orders(List.of(50L))).withDurationSeconds(30);

        assertThat(runner(null).plan(first).hosts(runner(null).plan(next))).isTrue();
    }

    @Test
    void shouldNotHostARunWhoseAppHasAnotherGuarantee() {
        Scenario first = scenario(C3, false);
        Scenario alos = new Scenario("s", "scenarios/s.yaml", C3, new AppSpec(1, "at_least_once", Map.of()), Map.of(),
                first.workload(), List.of(), Expectations.strict(), Duration.ofSeconds(60), Duration.ofSeconds(60), 1,
                List.of(), false, false);

        assertThat(runner(null).plan(first).hosts(runner(null).plan(alos))).isFalse();
    }

    @Test
    void shouldWarmALaterRunUpWithAtMostTheLaterWarmUp() {
        assertThat(ScenarioRunner.laterWarmup(scenario(C3, false).workload().withWarmup(Warmup.orders(List.of(1000L, 500L)))))
                .isEqualTo(Warmup.orders(List.of(Session.LATER_WARMUP)));
        assertThat(ScenarioRunner.laterWarmup(scenario(C3, false).workload().withWarmup(Warmup.orders(List.of(50L)))))
                .isEqualTo(Warmup.orders(List.of(50L)));
        assertThat(ScenarioRunner.laterWarmup(scenario(C3, false).workload().withWarmup(Warmup.none())))
                .isEqualTo(Warmup.none());
    }

    @Test
    void givenRoundsUntilTheJitIsQuiet_whenALaterRunOfItsSessionWarmsUp_thenTheSameRoundsBoundedByTheLaterBound() {
        WorkloadSpec rounds = scenario(C3, false).workload().withWarmup(new Warmup.UntilJitQuiet(10_000, Duration.ofMinutes(4)));
        WorkloadSpec brief = rounds.withWarmup(new Warmup.UntilJitQuiet(500, Duration.ofSeconds(10)));

        assertThat(ScenarioRunner.laterWarmup(rounds)).isEqualTo(new Warmup.UntilJitQuiet(10_000, Session.LATER_STEADY_MAX));
        assertThat(ScenarioRunner.laterWarmup(brief)).isEqualTo(new Warmup.UntilJitQuiet(500, Duration.ofSeconds(10)));
    }

    @Test
    void givenAScenarioThatWarmsUpUntilSteady_whenALaterRunOfItsSessionWarmsUp_thenTheSameRuleBoundedShorter() {
        WorkloadSpec steady = scenario(C3, false).workload().withRatePerSecond(100).withWarmup(Warmup.byDefault());
        WorkloadSpec wide = steady.withWarmup(new Warmup.UntilSteady(new SteadyState.Rule(Duration.ofSeconds(10), 3, 0.1,
                Duration.ofMinutes(5)), false));

        assertThat(ScenarioRunner.laterWarmup(steady)).isEqualTo(new Warmup.UntilSteady(
                SteadyState.Rule.DEFAULT.withMax(Session.LATER_STEADY_MAX), true));
        // never below what the rule needs: four windows of 10 s
        assertThat(((Warmup.UntilSteady) ScenarioRunner.laterWarmup(wide)).rule().max()).isEqualTo(Duration.ofSeconds(40));
        // as fast as possible the default is no warm-up, later too
        assertThat(ScenarioRunner.laterWarmup(steady.withRatePerSecond(0))).isEqualTo(Warmup.none());
    }

    /** A runner whose sessions see {@code running} up and open nothing. */
    private ScenarioRunner runner(EnvSpec running) {
        ClusterSource clusters = new ClusterSource() {
            @Override
            public Optional<EnvSpec> current() {
                return Optional.ofNullable(running);
            }

            @Override
            public Cluster open(EnvSpec spec, String source, int basePort, Consumer<String> out) {
                opened.add(spec.name());
                throw new IllegalStateException("this test opens no cluster");
            }
        };
        PrintWriter out = new PrintWriter(new StringWriter());
        return new ScenarioRunner(PATHS, new Sessions(PATHS, 33000, clusters, false, out::println), out);
    }

    private static Scenario scenario(EnvSpec env, boolean reuseEnv) {
        return new Scenario("s", "scenarios/s.yaml", env, new AppSpec(1, "exactly_once_v2", Map.of()), Map.of(),
                new WorkloadSpec(Warmup.none(), 10, 0, 0, 1, null), List.of(), Expectations.strict(), Duration.ofSeconds(60),
                Duration.ofSeconds(60), 1, List.of(), reuseEnv, false);
    }
}
