package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongToDoubleFunction;

import org.junit.jupiter.api.Test;

import io.supplychaos.history.HistoryEvent.WarmupWindow;
import io.supplychaos.metrics.JitQuietRounds.Outcome;

/**
 * The warm-up in rounds on a clock and compilers the test moves: five JVMs watched (pids 1-5), each
 * quiet at 0.05 of a core or less over a round, and a bound of 60 s.
 */
class JitQuietRoundsTest {

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final Map<Long, Double> compilers = new HashMap<>(Map.of(1L, 10.0, 2L, 20.0, 3L, 30.0, 4L, 40.0, 5L, 50.0));
    private boolean readable = true;
    private final JitQuietRounds rounds = new JitQuietRounds(Duration.ofSeconds(60), clock::get,
            () -> readable ? Map.copyOf(compilers) : Map.of());
    private long sent;

    /**
     * One round of {@code seconds}, the five JVMs' compilers at {@code cores} together (a fifth each),
     * with completions at the latencies given.
     */
    private Outcome round(long seconds, double cores, double... latenciesMs) {
        return round(seconds, pid -> cores / 5, latenciesMs);
    }

    private Outcome round(long seconds, LongToDoubleFunction coresOf, double... latenciesMs) {
        rounds.roundStarted();
        for (double latency : latenciesMs) {
            rounds.completed(latency);
        }
        clock.addAndGet(seconds * 1000);
        compilers.replaceAll((pid, used) -> used + coresOf.applyAsDouble(pid) * seconds);
        sent += latenciesMs.length;
        return rounds.roundEnded(0, sent);
    }

    @Test
    void givenCompilersBusyThenQuiet_whenRoundsEnd_thenWarmingUntilTheFirstQuietRoundAndEachRoundAWindow() {
        // when: two busy rounds (0.9 and 0.4 cores among five JVMs), then one at 0.2 (0.04 each)
        Outcome first = round(15, 0.9, 300, 100, 200);
        Outcome second = round(15, 0.4, 50, 40);
        Outcome third = round(10, 0.2, 30, 20, 10, 40);

        // then
        assertThat(first).isEqualTo(Outcome.WARMING);
        assertThat(second).isEqualTo(Outcome.WARMING);
        assertThat(third).isEqualTo(Outcome.QUIET);
        assertThat(rounds.windows()).extracting(WarmupWindow::endMs).containsExactly(15_000L, 30_000L, 40_000L);
        assertThat(rounds.windows()).extracting(WarmupWindow::p50Ms).containsExactly(200.0, 40.0, 20.0);
        assertThat(rounds.windows()).extracting(WarmupWindow::completed).containsExactly(3L, 2L, 4L);
        assertThat(rounds.windows().get(0).jitCores()).isCloseTo(0.9, within(1e-9));
        assertThat(rounds.windows().get(2).jitCores()).isCloseTo(0.2, within(1e-9));
    }

    @Test
    void givenCompilersNeverQuiet_whenTheBoundPasses_thenNotQuietAfterTheRoundThatCrossedIt() {
        assertThat(round(25, 0.6, 10)).isEqualTo(Outcome.WARMING);
        assertThat(round(25, 0.5, 10)).isEqualTo(Outcome.WARMING);

        // when: the third round ends 75 s after the first began, past the 60 s bound
        Outcome third = round(25, 0.3, 10);

        // then
        assertThat(third).isEqualTo(Outcome.NOT_QUIET);
        assertThat(rounds.outcome()).isEqualTo(Outcome.NOT_QUIET);
    }

    @Test
    void givenOneJvmStillCompiling_whenTheOthersAreQuiet_thenNotQuietThoughTheirAverageIsUnderAShare() {
        // given: a fresh app (pid 5) at 0.12 of a core, four warm JVMs at 0.01: 0.032 each on average
        Outcome busyApp = round(10, pid -> pid == 5 ? 0.12 : 0.01, 5);

        // when: the app's compilers fall to 0.05
        Outcome quietApp = round(10, pid -> pid == 5 ? 0.05 : 0.01, 5);

        // then
        assertThat(busyApp).isEqualTo(Outcome.WARMING);
        assertThat(quietApp).isEqualTo(Outcome.QUIET);
        assertThat(rounds.windows().get(0).jitCores()).isCloseTo(0.16, within(1e-9));
    }

    @Test
    void givenNoJitFigure_whenTheFirstRoundEnds_thenUnwatchedAfterOneRound() {
        // given: no /proc to read
        readable = false;

        // when
        Outcome first = round(10, 0.0, 5, 6);

        // then
        assertThat(first).isEqualTo(Outcome.UNWATCHED);
        assertThat(rounds.windows()).singleElement().satisfies(window -> assertThat(window.jitCores()).isNull());
    }

    @Test
    void givenARoundWithNoCompletion_whenItEnds_thenItsWindowHasNoP50() {
        assertThat(round(10, 1.0)).isEqualTo(Outcome.WARMING);

        assertThat(rounds.windows()).singleElement().satisfies(window -> {
            assertThat(window.p50Ms()).isNull();
            assertThat(window.completed()).isZero();
        });
    }

    @Test
    void givenARoundWhoseOrdersCompletedEarly_whenItEnds_thenItsCoresAreOverTheSecondsThatCarriedOrders() {
        // given: the round's orders complete within its first 3 s, then its drain waits 7 s more;
        // the app's compilers (pid 5) used 0.3 CPU s in the round, the others nothing
        rounds.roundStarted();
        clock.addAndGet(1_000);
        rounds.completed(40);
        clock.addAndGet(2_000);
        rounds.completed(50);
        clock.addAndGet(7_000);
        compilers.merge(5L, 0.3, Double::sum);

        // when
        Outcome outcome = rounds.roundEnded(0, 2);

        // then: 0.1 of a core over the 3 s of orders, though 0.03 over the whole 10 s round
        assertThat(outcome).isEqualTo(Outcome.WARMING);
        assertThat(rounds.windows().get(0).jitCores()).isCloseTo(0.1, within(1e-9));
        assertThat(rounds.windows().get(0).endMs()).isEqualTo(10_000L);
    }
}
