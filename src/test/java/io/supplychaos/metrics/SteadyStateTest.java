package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.supplychaos.history.HistoryEvent.WarmupWindow;
import io.supplychaos.metrics.SteadyState.Rule;
import io.supplychaos.metrics.SteadyState.Status;

/**
 * The steadiness rule on synthetic series, window by window on a clock the test moves: 5 s
 * windows, 3 in a row, 10 % tolerance, 90 s at most (the default rule), 100 orders sent a second.
 */
class SteadyStateTest {

    private static final long WINDOW_MS = 5_000;
    private static final long SENT_PER_WINDOW = 500;

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final SteadyState steady = new SteadyState(Rule.DEFAULT, clock::get);
    private long sent;

    /**
     * One window: ten completions at {@code p50} in its middle, then the clock at its end and a poll
     * with {@code backlog}; NaN completes nothing in the window.
     */
    private Status window(double p50, long backlog) {
        long start = clock.get();
        clock.set(start + WINDOW_MS / 2);
        if (!Double.isNaN(p50)) {
            for (int i = 0; i < 10; i++) {
                steady.completed(p50);
            }
        }
        clock.set(start + WINDOW_MS);
        sent += SENT_PER_WINDOW;
        return steady.poll(backlog, sent);
    }

    /** The status after each window of the series, with a backlog of 70 throughout. */
    private List<Status> series(double... p50s) {
        List<Status> statuses = new ArrayList<>();
        for (double p50 : p50s) {
            statuses.add(window(p50, 70));
        }
        return statuses;
    }

    @Test
    void givenP50FallingThenFlat_whenPolled_thenSteadyAtTheWindowThatEndsThreeWindowsWithoutANewLow() {
        // when: it falls for five windows, then holds near 480 ms
        List<Status> statuses = series(6_000, 4_000, 2_000, 800, 500, 480, 490, 470);

        // then: not steady while any of the last three windows is a new low by more than 10 %; steady at
        // the eighth (470 is within 10 % of 500, the lowest before the last three)
        assertThat(statuses.subList(0, 7)).containsOnly(Status.WARMING);
        assertThat(statuses.get(7)).isEqualTo(Status.STEADY);
        assertThat(steady.elapsedMs()).isEqualTo(8 * WINDOW_MS);
        assertThat(steady.windows()).extracting(WarmupWindow::p50Ms)
                .containsExactly(6_000.0, 4_000.0, 2_000.0, 800.0, 500.0, 480.0, 490.0, 470.0);
        assertThat(steady.windows()).extracting(WarmupWindow::endMs)
                .containsExactly(5_000L, 10_000L, 15_000L, 20_000L, 25_000L, 30_000L, 35_000L, 40_000L);
    }

    @Test
    void givenP50StillFallingAtTheBound_whenPolled_thenNotSteadyAfterNinetySeconds() {
        // given: the p50 falls by 15 % every window, for ever
        List<Status> statuses = new ArrayList<>();
        double p50 = 8_000;
        for (int w = 0; w < 18; w++) {
            statuses.add(window(p50, 70));
            p50 *= 0.85;
        }

        // then: warming up to the bound, not steady when it is reached (18 windows = 90 s)
        assertThat(statuses.subList(0, 17)).containsOnly(Status.WARMING);
        assertThat(statuses.get(17)).isEqualTo(Status.NOT_STEADY);
        assertThat(steady.holds()).isFalse();
        // and it stays so: a later window cannot make it steady
        assertThat(window(p50, 70)).isEqualTo(Status.NOT_STEADY);
    }

    @Test
    void givenASlowDeclineWithinTheToleranceEachWindow_whenPolled_thenNotSteady() {
        // given: 5 % lower every window, less than the tolerance from one window to the next
        List<Status> statuses = new ArrayList<>();
        double p50 = 2_000;
        for (int w = 0; w < 12; w++) {
            statuses.add(window(p50, 70));
            p50 *= 0.95;
        }

        // then: three windows in a row fall more than 10 % below the lowest before them: still falling
        assertThat(statuses).containsOnly(Status.WARMING);
    }

    @Test
    void givenANoisyFlatP50_whenPolled_thenSteadyBeforeTheBound() {
        // given: 500 ms with up to 8 % noise either way, every window
        Random noise = new Random(42);
        List<Status> statuses = new ArrayList<>();
        for (int w = 0; w < 18 && (statuses.isEmpty() || statuses.get(statuses.size() - 1) == Status.WARMING); w++) {
            statuses.add(window(500 * (1 + (noise.nextDouble() * 2 - 1) * 0.08), 70 + noise.nextInt(21) - 10));
        }

        // then: steady once the lowest early window is in the reference, well before the bound
        assertThat(statuses.get(statuses.size() - 1)).isEqualTo(Status.STEADY);
        assertThat(statuses.size()).isLessThanOrEqualTo(8);
        assertThat(statuses.size()).isGreaterThanOrEqualTo(4);
    }

    @Test
    void givenAFlatP50AndAGrowingBacklog_whenPolled_thenNotSteady() {
        // given: p50 flat at 400 ms, but the backlog grows by 150 orders each window (500 sent): the
        // chain completes 70 % of what is sent
        List<Status> statuses = new ArrayList<>();
        for (int w = 0; w < 18; w++) {
            statuses.add(window(400, 70 + 150L * w));
        }

        // then: never steady; not steady at the bound
        assertThat(statuses.subList(0, 17)).containsOnly(Status.WARMING);
        assertThat(statuses.get(17)).isEqualTo(Status.NOT_STEADY);
    }

    @Test
    void givenAFlatP50AndABacklogThatStopsGrowing_whenPolled_thenSteadyOnceItHolds() {
        // given: the backlog grows for four windows, then holds at 670
        List<Status> statuses = new ArrayList<>();
        long[] backlog = {70, 220, 370, 520, 670, 670, 680, 660, 670};
        for (long b : backlog) {
            statuses.add(window(400, b));
        }

        // then: steady at the first window whose last three held the backlog (window 8: 670 -> 660)
        assertThat(statuses.subList(0, 7)).containsOnly(Status.WARMING);
        assertThat(statuses.get(7)).isEqualTo(Status.STEADY);
    }

    @Test
    void givenADrainWithNothingSent_whenThePriorP50RisesAndTheBacklogShrinks_thenNotSteady() {
        // given: a count sent in the first window, then drained: completions only, each later than the
        // one before (the last orders sent wait longest), the backlog shrinking to nothing
        List<Status> statuses = new ArrayList<>();
        statuses.add(window(30_000, 500));
        long backlog = 500;
        for (int w = 1; w < 8; w++) {
            backlog -= 60;
            statuses.add(drainWindow(30_000 + 2_000 * w, backlog));
        }

        // then: the p50 stopped falling and the backlog is not growing, but nothing is offered: a
        // chain that sends nothing is not steady at the scenario's rate
        assertThat(statuses).containsOnly(Status.WARMING);
        assertThat(steady.holds()).isFalse();
    }

    /** A window of a drain: completions at {@code p50}, nothing sent. */
    private Status drainWindow(double p50, long backlog) {
        long start = clock.get();
        clock.set(start + WINDOW_MS / 2);
        for (int i = 0; i < 10; i++) {
            steady.completed(p50);
        }
        clock.set(start + WINDOW_MS);
        return steady.poll(backlog, sent);
    }

    @Test
    void givenWindowsWithoutCompletions_whenPolled_thenTheyNeitherCountTowardsSteadyNorServeAsTheReference() {
        // given: fresh JVMs: nothing completes for 25 s, then a flat p50
        List<Status> statuses = series(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 700, 690, 700, 710);

        // then: steady only with a window with completions before three more of them (the ninth)
        assertThat(statuses.subList(0, 8)).containsOnly(Status.WARMING);
        assertThat(statuses.get(8)).isEqualTo(Status.STEADY);
        assertThat(steady.windows().get(0).p50Ms()).isNull();
        assertThat(steady.windows().get(0).completed()).isZero();
    }

    @Test
    void givenAPollAfterSeveralWindowsPassed_whenPolled_thenEveryPassedWindowIsClosedInTurn() {
        // given: completions in windows 0 and 1, then no poll until 12 s
        clock.addAndGet(1_000);
        steady.completed(900);
        clock.addAndGet(5_000);
        steady.completed(800);
        clock.set(1_000_000 + 12_000);

        // when
        Status status = steady.poll(40, 1_200);

        // then: windows 0 and 1 closed, each with its own completions; window 2 still open
        assertThat(status).isEqualTo(Status.WARMING);
        assertThat(steady.windows()).extracting(WarmupWindow::p50Ms).containsExactly(900.0, 800.0);
        assertThat(steady.windows()).extracting(WarmupWindow::endMs).containsExactly(5_000L, 10_000L);
    }

    @Test
    void givenAFixedCountWarmUp_whenItEndsBeforeTheRuleHolds_thenHoldsSaysNotSteady() {
        // given: three falling windows, then the count ran out
        series(5_000, 3_000, 1_500);

        // then: the rule does not hold; the state is still warming (the bound was not reached)
        assertThat(steady.holds()).isFalse();
        assertThat(steady.poll(70, sent)).isEqualTo(Status.WARMING);
    }

    @Test
    void givenARuleWhoseBoundIsShorterThanTheWindowsItNeeds_whenBuilt_thenRefused() {
        assertThatThrownBy(() -> new Rule(Duration.ofSeconds(10), 3, 0.1, Duration.ofSeconds(30)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("40s");
        assertThat(Rule.DEFAULT.least()).isEqualTo(Duration.ofSeconds(20));
        assertThat(Rule.DEFAULT.withMax(Duration.ofSeconds(5)).max()).isEqualTo(Duration.ofSeconds(20));
    }

    @Test
    void givenAP50StillClimbingWithTheBacklogHeld_whenPolled_thenNotSteadyUntilItLevelsOff() {
        // given: as in a quickstart on a loaded machine: 14 s, then 16, 17, 19 s (each step within
        // 10 % of the one before, the backlog held), then level near 19 s
        List<Status> statuses = series(14_000, 16_000, 17_000, 19_000, 19_500, 18_800);

        // then: not steady while the last window is the highest and more than 10 % above the first of
        // the four (19,500 over 16,000 at the fifth); steady once the p50 levels off (18,800 is not the
        // highest of 17,000..19,500)
        assertThat(statuses.subList(0, 5)).containsOnly(Status.WARMING);
        assertThat(statuses.get(5)).isEqualTo(Status.STEADY);
    }

    @Test
    void givenAP50RisingByFivePercentEveryWindow_whenPolled_thenNeverSteady() {
        // given: 5 % higher every window, the backlog held: a slow climb within the tolerance per window
        List<Status> statuses = new ArrayList<>();
        double p50 = 600;
        for (int w = 0; w < 18; w++) {
            statuses.add(window(p50, 70));
            p50 *= 1.05;
        }

        // then: three windows of 5 % is 16 % over the window before them: still rising at the bound
        assertThat(statuses.subList(0, 17)).containsOnly(Status.WARMING);
        assertThat(statuses.get(17)).isEqualTo(Status.NOT_STEADY);
    }

    @Test
    void givenAP50ThatRoseToANewLevelAndHolds_whenPolled_thenSteadyAtTheNewLevel() {
        // given: an empty chain answers fast at first, then queues settle at a higher, flat level
        List<Status> statuses = series(200, 900, 1_500, 1_520, 1_490, 1_510);

        // then: a rise is no warm-up's end while it goes on; once flat, steady at the level it reached
        assertThat(statuses.subList(0, 4)).containsOnly(Status.WARMING);
        assertThat(statuses.get(4)).isEqualTo(Status.STEADY);
    }

    @Test
    void givenAColdStartBacklogDrainingSlowly_whenPolled_thenNotSteadyUntilTheBacklogHolds() {
        // given: as a fresh env at 100/s measured it: one early completion at 7.6 s, then a backlog of
        // 1,400 orders draining by about 100 a window while the p50 eases from 13.6 s
        List<Status> statuses = new ArrayList<>();
        statuses.add(window(Double.NaN, 500));
        statuses.add(window(7_577, 999));
        long[] backlog = {1_400, 1_357, 1_256, 1_065, 950, 900, 880, 890, 885};
        double[] p50 = {13_117, 13_616, 13_277, 12_192, 11_900, 11_700, 11_800, 11_750, 11_800};
        for (int w = 0; w < backlog.length; w++) {
            statuses.add(window(p50[w], backlog[w]));
        }

        // then: not steady while the backlog shrinks by more than 10 % of what is sent (the p50 rules
        // alone passed at the sixth window); steady once it holds over three windows (950 -> 890)
        assertThat(statuses.subList(0, 9)).containsOnly(Status.WARMING);
        assertThat(statuses.get(9)).isEqualTo(Status.STEADY);
    }

    @Test
    void givenAP50ComingDownFromAColdStartPeakWithAFastFirstWindow_whenPolled_thenNotSteadyUntilItIsFlat() {
        // given: as a fresh env measured it: the first orders fast (4.7 s), a peak of 7.2 s, then the
        // fall (4.2 s is within 10 % of the first window, so the comparison with it cannot see it)
        List<Status> statuses = series(4_701, 7_228, 7_080, 4_235, 1_900, 900, 850, 880, 870);

        // then: warming while the last three windows spread over more than 20 % of their median;
        // steady at the first three in one band (850, 880, 870)
        assertThat(statuses.subList(0, 8)).containsOnly(Status.WARMING);
        assertThat(statuses.get(8)).isEqualTo(Status.STEADY);
    }

    /** The compilers' CPU seconds so far of each JVM watched (pid 1, 2, 3, ...). */
    private static final class Compilers {
        final Map<Long, Double> seconds = new HashMap<>();

        Compilers(int jvms) {
            for (long pid = 1; pid <= jvms; pid++) {
                seconds.put(pid, 0.0);
            }
        }

        /** Every JVM's compilers at {@code cores} for {@code ms}. */
        void each(double cores, long ms) {
            seconds.replaceAll((pid, used) -> used + cores * ms / 1000.0);
        }

        Map<Long, Double> reading() {
            return Map.copyOf(seconds);
        }
    }

    /** One window with one completion at 480 ms in its middle, the compilers moved by {@code compiling}, then a poll. */
    private Status flatWindow(SteadyState watched, Runnable compiling) {
        long start = clock.get();
        clock.set(start + WINDOW_MS / 2);
        watched.completed(480);
        clock.set(start + WINDOW_MS);
        compiling.run();
        sent += SENT_PER_WINDOW;
        return watched.poll(70, sent);
    }

    @Test
    void givenAFlatP50WhileTheJitStillCompiles_whenPolled_thenNotSteadyUntilTheCompilersAreQuiet() {
        // given: a steady rule that watches the JIT, and a p50 flat from the first window
        Compilers jit = new Compilers(3);
        SteadyState watched = new SteadyState(Rule.DEFAULT, clock::get, jit::reading);
        double[] coresPerWindow = {0.6, 0.4, 0.3, 0.2, 0.3, 0.05, 0.02, 0.10, 0.01};
        List<Status> statuses = new ArrayList<>();
        for (double cores : coresPerWindow) {
            long start = clock.get();
            clock.set(start + WINDOW_MS / 2);
            for (int i = 0; i < 10; i++) {
                watched.completed(480);
            }
            clock.set(start + WINDOW_MS);
            jit.each(cores / 3, WINDOW_MS);
            sent += SENT_PER_WINDOW;
            statuses.add(watched.poll(70, sent));
        }

        // then: the latency alone would be steady at the fourth window; three JVMs' compilers used more
        // than 0.15 of a core (0.05 each) until the sixth, so it is steady at the eighth (three quiet
        // windows: 0.05, 0.02, 0.10)
        assertThat(statuses.subList(0, 7)).containsOnly(Status.WARMING);
        assertThat(statuses.get(7)).isEqualTo(Status.STEADY);
        assertThat(watched.windows()).extracting(WarmupWindow::jitCores).allSatisfy(cores -> assertThat(cores).isNotNull());
        assertThat(watched.windows().get(0).jitCores()).isCloseTo(0.6, within(1e-9));
    }

    @Test
    void givenAJitThatCannotBeWatched_whenPolled_thenTheLatencyAloneDecidesAndTheWindowsSaySo() {
        // given: a JIT whose compilers cannot be read (no /proc, a cluster elsewhere)
        SteadyState unwatched = new SteadyState(Rule.DEFAULT, clock::get, Map::of);
        List<Status> statuses = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            statuses.add(flatWindow(unwatched, () -> { }));
        }

        // then: steady at the fourth window, as without a JIT, and no window carries a JIT figure
        assertThat(statuses.get(3)).isEqualTo(Status.STEADY);
        assertThat(unwatched.windows()).extracting(WarmupWindow::jitCores).containsOnlyNulls();
    }

    @Test
    void givenOneJvmWatched_whenItsCompilersUseATenthOfACore_thenThatIsNotQuiet() {
        // given: one JVM watched (the tool's, on an env whose brokers run elsewhere), its compilers at
        // 0.10 of a core in every window, the p50 flat
        Compilers jit = new Compilers(1);
        SteadyState watched = new SteadyState(Rule.DEFAULT, clock::get, jit::reading);
        List<Status> statuses = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
            statuses.add(flatWindow(watched, () -> jit.each(0.10, WINDOW_MS)));
        }

        // then: its share is 0.05 of a core, so it never is steady
        assertThat(statuses).containsOnly(Status.WARMING);
    }

    @Test
    void givenOneOfFiveJvmsStillCompiling_whenTheOthersAreQuiet_thenNotSteadyThoughTheirAverageIsUnderAShare() {
        // given: a fresh app compiling at 0.15 of a core beside four JVMs at 0.01: 0.038 each on average
        Compilers jit = new Compilers(5);
        SteadyState watched = new SteadyState(Rule.DEFAULT, clock::get, jit::reading);
        List<Status> statuses = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
            statuses.add(flatWindow(watched, () -> {
                jit.each(0.01, WINDOW_MS);
                jit.seconds.merge(5L, 0.14 * WINDOW_MS / 1000.0, Double::sum);
            }));
        }

        // then: the busiest JVM decides; the windows show all five's cores together
        assertThat(statuses).containsOnly(Status.WARMING);
        assertThat(watched.windows().get(7).jitCores()).isCloseTo(0.19, within(1e-9));
    }
}
