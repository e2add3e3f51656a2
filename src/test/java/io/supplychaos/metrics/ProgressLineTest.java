package io.supplychaos.metrics;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressLineTest {

    private final StringWriter text = new StringWriter();
    private final AtomicLong now = new AtomicLong();

    @Test
    void givenALog_whenUpdatedEverySecond_thenOneFullLineIsPrintedEveryTenSeconds() {
        ProgressLine line = new ProgressLine(new PrintWriter(text), false, now::get);

        for (int second = 0; second < 25; second++) {
            now.set(second * 1000L);
            line.update("at " + second);
        }

        assertThat(text.toString()).isEqualTo("at 0\nat 10\nat 20\n".replace("\n", System.lineSeparator()));
    }

    @Test
    void givenATerminal_whenUpdated_thenTheLineIsRedrawnInPlaceAndOtherOutputStartsOnALineOfItsOwn() {
        ProgressLine line = new ProgressLine(new PrintWriter(text), true, now::get);

        line.update("sent 1");
        line.update("sent 2");
        line.println("fault: kill-broker 2");
        line.finish();

        String nl = System.lineSeparator();
        assertThat(text.toString()).isEqualTo("\rsent 1\033[K\rsent 2\033[K" + nl + "fault: kill-broker 2" + nl);
    }

    @Test
    void givenALog_whenALineIsPrinted_thenNoCarriageReturnOrBlankLineIsWritten() {
        ProgressLine line = new ProgressLine(new PrintWriter(text), false, now::get);

        line.update("sent 1");
        line.println("warm-up: 500 orders");
        line.finish();

        assertThat(text.toString()).doesNotContain("\r").doesNotContain(System.lineSeparator() + System.lineSeparator());
    }
}
