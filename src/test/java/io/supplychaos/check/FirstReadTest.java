package io.supplychaos.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

import io.supplychaos.result.RunResult;

/**
 * The one-hop figure: an order's intended send to the manufacturer intake's RESERVE stamp. The
 * fixture's clock ticks 10 ms per event; a Sent's intendedAt is 5 ms before its event, an
 * Observed's emittedAt 3 ms before its read.
 */
class FirstReadTest {

    private static final String DRUG = "aspirin";

    @Test
    void shouldMeasureFromIntendedSendToTheIntakesReserveStamp() {
        // given: sent at t (intended t-5), acked t+10, placed t+20, RESERVE read t+30 (emitted t+27)
        Histories h = Histories.run().order("o1", DRUG, 1).deliver("o1", DRUG, 1);

        // when
        RunResult.FirstRead hop = RunAnalysis.of(h.build()).firstRead();

        // then: 27 - (-5) = 32 ms
        assertThat(hop.count()).isEqualTo(1);
        assertThat(hop.latencyMs().avg()).isCloseTo(32, within(0.5));
    }

    @Test
    void shouldTakeJitterInSendOrderNotInReadOrder() {
        // given: o1 sent first and read second, o2 sent next and read first, o3 read last and late
        Histories h = Histories.run().order("o1", DRUG, 1).order("o2", DRUG, 1).order("o3", DRUG, 1);
        h.see(Histories.STOCK, "o2", "RESERVE", DRUG, 1);
        h.see(Histories.STOCK, "o1", "RESERVE", DRUG, 1);
        h.tickBy(100).see(Histories.STOCK, "o3", "RESERVE", DRUG, 1);

        // when
        RunResult.FirstRead hop = RunAnalysis.of(h.build()).firstRead();

        // then: o1 = 72, o2 = 42, o3 = 142 ms; in send order |42-72| and |142-42|, mean 65 (read order would give 50)
        assertThat(hop.count()).isEqualTo(3);
        assertThat(hop.jitterMs()).isCloseTo(65, within(0.5));
    }

    @Test
    void shouldLeaveOutWarmUpOrdersAndOrdersWhoseReserveWasNeverRead() {
        // given
        Histories h = Histories.run().sent("warm", DRUG, 1, true).order("o1", DRUG, 1).order("unread", DRUG, 1);
        h.see(Histories.STOCK, "warm", "RESERVE", DRUG, 1).see(Histories.STOCK, "o1", "RESERVE", DRUG, 1);

        // when
        RunResult.FirstRead hop = RunAnalysis.of(h.build()).firstRead();

        // then
        assertThat(hop.count()).isEqualTo(1);
    }

    @Test
    void shouldCountTheFirstReserveOnlyAndNeverANegativeHop() {
        // given: the intake's clock behind the generator's (stamp before the send), then a second RESERVE
        Histories h = Histories.run().order("o1", DRUG, 1);
        h.tickBy(-1_000).see(Histories.STOCK, "o1", "RESERVE", DRUG, 1);
        h.tickBy(5_000).see(Histories.STOCK, "o1", "RESERVE", DRUG, 1);

        // when
        RunResult.FirstRead hop = RunAnalysis.of(h.build()).firstRead();

        // then
        assertThat(hop.count()).isEqualTo(1);
        assertThat(hop.latencyMs().max()).isZero();
    }
}
