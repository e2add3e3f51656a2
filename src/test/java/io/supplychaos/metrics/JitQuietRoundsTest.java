package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import io.supplychaos.history.HistoryEvent.WarmupWindow;
import io.supplychaos.metrics.JitQuietRounds.Outcome;

/**
 * The warm-up in rounds on a clock and a JIT figure the test moves: five JVMs watched, so the
 * compilers are quiet at 0.25 of a core or less over a round (0.05 each), and a bound of 60 s.
 */
class JitQuietRoundsTest {

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final AtomicReference<Double> jitSeconds = new AtomicReference<>(100.0);
    private final AtomicInteger jvms = new AtomicInteger(5);
    private final JitQuietRounds rounds = new JitQuietRounds(Duration.ofSeconds(60), clock::get, jitSeconds::get, jvms::get);
    private long sent;

    /** One round of {@code seconds}, its compilers at {@code cores}, with completions at the latencies given. */
    private Outcome round(long seconds, double cores, double... latenciesMs) {
        rounds.roundStarted();
        for (double latency : latenciesMs) {
            rounds.completed(latency);
        }
        clock.addAndGet(seconds * 1000);
        Double now = jitSeconds.get();
        jitSeconds.set(Double.isNaN(now) ? now : now + cores * seconds);
        sent += latenciesMs.length;
        return rounds.roundEnded(0, sent);
    }

    @Test
    void givenCompilersBusyThenQuiet_whenRoundsEnd_thenWarmingUntilTheFirstQuietRoundAndEachRoundAWindow() {
        // when: two busy rounds (0.9 and 0.4 cores among five JVMs), then one at 0.2
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
    void givenOneJvmWatched_whenItsCompilersUseMoreThanAOneJvmShare_thenNotQuiet() {
        // given: only this JVM could be read: 0.05 of a core is the whole allowance
        jvms.set(1);

        assertThat(round(10, 0.08, 5)).isEqualTo(Outcome.WARMING);
        assertThat(round(10, 0.05, 5)).isEqualTo(Outcome.QUIET);
    }

    @Test
    void givenNoJitFigure_whenTheFirstRoundEnds_thenUnwatchedAfterOneRound() {
        // given: no /proc to read
        jitSeconds.set(Double.NaN);

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
}
