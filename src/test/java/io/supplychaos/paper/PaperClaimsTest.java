package io.supplychaos.paper;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import io.supplychaos.paper.PaperClaims.Claim;
import io.supplychaos.paper.PaperClaims.Verdict;
import io.supplychaos.result.RunResult;

class PaperClaimsTest {

    private static final PaperTable PAPER = PaperTable.load();

    /** Our runs made to carry the paper's own Table II figures, for the points {@code which} keeps. */
    private static List<RunResult> papersOwnFigures(Predicate<RunResult.PaperFigures> which) {
        List<RunResult> runs = new ArrayList<>();
        for (RunResult.PaperFigures p : PAPER.rows()) {
            if (which.test(p)) {
                runs.add(PaperRuns.atPaperRate(p.config(), p.messages(), p.latencyMs(), p.jitterMs(), p.requestTimeMs()));
                runs.add(PaperRuns.asFastAsPossible(p.config(), p.messages(), p.throughputPerSec()));
            }
        }
        return runs;
    }

    private static List<Claim> judge(List<RunResult> runs) {
        return PaperClaims.judge(OurTable2.of(runs), PAPER.messageCounts());
    }

    @Test
    void shouldFindEveryClaimHoldingOnThePapersOwnFigures() {
        // given: Table II itself as our measurements
        List<RunResult> runs = papersOwnFigures(p -> true);

        // when
        List<Claim> claims = judge(runs);

        // then: the rules agree with the paper about its own data
        assertThat(claims).hasSize(7).allSatisfy(claim -> assertThat(claim.verdict())
                .as(claim.claim() + " " + claim.evidence()).isEqualTo(Verdict.HOLDS));
    }

    @Test
    void shouldNotHoldThatC3IsLowestAtLowLoadWhenC1IsFaster() {
        // given: the paper's figures, but C1's light-load latency a tenth of its own
        List<RunResult> runs = new ArrayList<>();
        for (RunResult.PaperFigures p : PAPER.rows()) {
            double latency = p.config().equals("C1") && p.messages() <= 5000 ? p.latencyMs() / 10 : p.latencyMs();
            runs.add(PaperRuns.atPaperRate(p.config(), p.messages(), latency, p.jitterMs(), p.requestTimeMs()));
        }

        // when
        Claim claim = judge(runs).get(0);

        // then
        assertThat(claim.verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(claim.evidence()).contains("C3 has the lowest one-hop latency at 0 of 9 low-load points")
                .contains("C1 is lowest at 9 of 9");
    }

    @Test
    void shouldNotHoldTheReplicationExplanationWhenC2NeverOvertakesC3() {
        // given: C3 twice as fast as the paper says everywhere
        List<RunResult> runs = new ArrayList<>();
        for (RunResult.PaperFigures p : PAPER.rows()) {
            double factor = p.config().equals("C3") ? 0.5 : 1;
            runs.add(PaperRuns.atPaperRate(p.config(), p.messages(), p.latencyMs() * factor, p.jitterMs(),
                    p.requestTimeMs() * factor));
        }

        // when
        List<Claim> claims = judge(runs);

        // then
        assertThat(claims.get(2).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(claims.get(6).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(claims.get(6).evidence()).startsWith("there is no overtaking to explain");
    }

    @Test
    void shouldNotHoldAThroughputDeclineThatStaysWithinTheRepeatsRange() {
        // given: capacity flat at 1,000/s on every config and count
        List<RunResult> runs = new ArrayList<>();
        for (RunResult.PaperFigures p : PAPER.rows()) {
            runs.add(PaperRuns.asFastAsPossible(p.config(), p.messages(), 1000));
        }

        // when
        Claim claim = judge(runs).get(3);

        // then
        assertThat(claim.verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(claim.evidence()).contains("C1: medium load 1000 to 1000 orders/s (within 20 %)").contains("(overlapping)");
    }

    @Test
    void shouldSayNotMeasuredForClaimsWhosePointsWereNotRun() {
        // given: light load only
        List<RunResult> runs = papersOwnFigures(p -> p.messages() <= 5000);

        // when
        List<Claim> claims = judge(runs);

        // then: the light-load claim is judged, the medium and heavy ones are not
        assertThat(claims.get(0).verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(claims.get(1).verdict()).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(claims.get(2).verdict()).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(claims.get(3).verdict()).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(claims.get(6).verdict()).isEqualTo(Verdict.NOT_MEASURED);
    }
}
