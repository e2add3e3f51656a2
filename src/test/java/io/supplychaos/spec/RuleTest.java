package io.supplychaos.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shared rules: ranges hold at the edges, overflow is refused with the range, never wrapped; one wording. */
class RuleTest {

    @Test
    void shouldAcceptAWholeNumberAtEitherEdgeAndRefuseOneBeyond() {
        Rule<Long> rule = Rule.whole(1, 64);

        assertThat(rule.parse("1")).contains(1L);
        assertThat(rule.parse("64")).contains(64L);
        assertThat(rule.parse("1_0")).contains(10L);
        assertThat(rule.parse("0")).isEmpty();
        assertThat(rule.parse("65")).isEmpty();
        assertThat(rule.parse("6.5")).isEmpty();
        assertThat(rule.refusal("65")).isEqualTo("a whole number from 1 to 64, got '65'");
    }

    @Test
    void shouldRefuseANumberThatOverflowsALongInsteadOfWrappingIt() {
        Rule<Long> rule = Rule.whole(0, Long.MAX_VALUE, "orders", null);

        assertThat(rule.parse("9223372036854775807")).contains(Long.MAX_VALUE);
        assertThat(rule.parse("9223372036854775808")).isEmpty();
        assertThat(rule.parse("-99999999999999999999")).isEmpty();
        assertThatThrownBy(() -> rule.check("--orders", "9223372036854775808")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--orders: a whole number of orders from 0 to 9223372036854775807, got '9223372036854775808'");
    }

    @Test
    void shouldReadDecimalsWithinTheirRangeAndRefuseNotANumber() {
        Rule<Double> toxicity = Rule.decimal(0, 1, null);

        assertThat(toxicity.parse(".5")).contains(0.5);
        assertThat(toxicity.parse("1")).contains(1.0);
        assertThat(toxicity.parse("1.01")).isEmpty();
        assertThat(toxicity.parse("NaN")).isEmpty();
        assertThat(toxicity.parse("Infinity")).isEmpty();
        assertThat(toxicity.expected()).isEqualTo("a number from 0 to 1");
    }

    @Test
    void shouldReadDurationsInEveryUnitAndBoundThem() {
        Rule<Duration> stall = Rule.duration(Duration.ofSeconds(5), Duration.ofMinutes(10));

        assertThat(Durations.parse("500ms")).contains(Duration.ofMillis(500));
        assertThat(Durations.parse("1.5s")).contains(Duration.ofMillis(1500));
        assertThat(Durations.parse("2m")).contains(Duration.ofMinutes(2));
        assertThat(Durations.parse("1h")).contains(Duration.ofHours(1));
        assertThat(Durations.parse("30")).contains(Duration.ofSeconds(30));
        assertThat(Durations.parse("99999999999999999999h")).isEmpty();
        assertThat(Durations.parse("NaNs")).isEmpty();
        assertThat(stall.parse("5s")).contains(Duration.ofSeconds(5));
        assertThat(stall.parse("10m")).contains(Duration.ofMinutes(10));
        assertThat(stall.parse("4999ms")).isEmpty();
        assertThat(stall.refusal("11m")).isEqualTo("a duration such as 10s, 500ms or 2m, from 5s to 10m, got '11m'");
    }

    @Test
    void shouldListTheAllowedChoices() {
        Rule<String> link = Rule.oneOf(List.of("client", "replication", "both"));

        assertThat(link.parse("both")).contains("both");
        assertThat(link.refusal("Client")).isEqualTo("one of client, replication, both, got 'Client'");
    }
}
