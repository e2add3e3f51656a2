package io.supplychaos.paper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;

class RangeCheckTest {

    private static final String CSV = """
            experiment,config,messages,metric,median,min,max,runs,low,high
            paper_rate,C2,1000,latency_one_hop,20.0,15.0,25.0,3,15.0,25.0
            paper_rate,C2,1000,request_time,8.0,7.5,9.0,3,7.5,9.0
            capacity,C2,1000,throughput,900.0,850.0,950.0,3,850.0,950.0
            """;

    @Test
    void shouldSayWhichFiguresOfAReRunLandWithinTheStatedRanges() {
        // given: a re-run with latency inside, request time outside, throughput not re-run
        OurTable2 rerun = OurTable2.of(List.of(PaperRuns.atPaperRate("C2", 1000, 24, 3, 9.5)));

        // when
        List<RangeCheck.Comparison> comparisons = RangeCheck.compare(rerun, RangeCheck.parse(CSV, "t.csv"), 0);

        // then
        assertThat(comparisons).extracting(RangeCheck.Comparison::metric, RangeCheck.Comparison::within)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Metric.LATENCY_ONE_HOP, true),
                        org.assertj.core.groups.Tuple.tuple(Metric.REQUEST_TIME, false));
        assertThat(comparisons.get(1).describe()).contains("OUTSIDE").contains("stated");
    }

    @Test
    void shouldAcceptAFigureJustOutsideTheRangeWhenATolerancesWidensIt() {
        OurTable2 rerun = OurTable2.of(List.of(PaperRuns.atPaperRate("C2", 1000, 24, 3, 9.5)));

        List<RangeCheck.Comparison> comparisons = RangeCheck.compare(rerun, RangeCheck.parse(CSV, "t.csv"), 0.1);

        assertThat(comparisons).allMatch(RangeCheck.Comparison::within);
    }

    @Test
    void shouldNameTheFileAndLineOfAMalformedRow() {
        String bad = CSV + "paper_rate,C2,1000,latency,1,1,1,1,1,1\n";

        assertThatThrownBy(() -> RangeCheck.parse(bad, "ours.csv")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ours.csv: line 5").hasMessageContaining("expected experiment,config");
    }

    @Test
    void shouldReadTheRangesItWrites() {
        Map<String, RangeCheck.Stated> ranges = RangeCheck.parse(CSV, "t.csv");

        assertThat(ranges).hasSize(3).containsValue(new RangeCheck.Stated(new Spread(900, 850, 950, 3),
                new RerunBand.Band(850, 950)));
    }

    @Test
    void shouldJudgeAReRunAgainstTheStatedBandNotTheBareRange() {
        // given: a request-time range of 7.5-9.0 whose band, widened by the measured factor, reaches 12
        String banded = CSV.replace("paper_rate,C2,1000,request_time,8.0,7.5,9.0,3,7.5,9.0",
                "paper_rate,C2,1000,request_time,8.0,7.5,9.0,3,5.6,12.0");
        OurTable2 rerun = OurTable2.of(List.of(PaperRuns.atPaperRate("C2", 1000, 24, 3, 9.5)));

        // when
        List<RangeCheck.Comparison> comparisons = RangeCheck.compare(rerun, RangeCheck.parse(banded, "t.csv"), 0);

        // then: 9.5 is outside the range but inside the band
        assertThat(comparisons).allMatch(RangeCheck.Comparison::within);
        assertThat(comparisons.get(1).describe()).contains("band 5.6-12.0").contains("within");
    }

    @Test
    void shouldReadACsvWithoutBandsAsBandsEqualToTheRanges() {
        String bare = """
                experiment,config,messages,metric,median,min,max,runs
                paper_rate,C2,1000,request_time,8.0,7.5,9.0,3
                """;

        assertThat(RangeCheck.parse(bare, "old.csv")).containsValue(new RangeCheck.Stated(new Spread(8, 7.5, 9, 3),
                new RerunBand.Band(7.5, 9)));
    }
}
