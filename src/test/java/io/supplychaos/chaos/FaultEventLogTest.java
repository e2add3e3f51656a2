package io.supplychaos.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fault journal's reader: a bad line is skipped with a warning, a line still being written waits. */
class FaultEventLogTest {

    @TempDir
    Path stateDir;

    private FaultEventLog.Entry entry(long at, String action) {
        return new FaultEventLog.Entry(at, FaultEventLog.Entry.INJECT, action, "all", action, "cli");
    }

    private void appendRaw(FaultEventLog journal, String text) throws Exception {
        Files.writeString(journal.file(), text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test
    void givenAMalformedLineBetweenTwoGoodOnes_whenRead_thenBothGoodOnesComeWithAWarningNamingTheFileAndLine() throws Exception {
        FaultEventLog journal = new FaultEventLog(stateDir);
        journal.append(entry(1, "delay"));
        appendRaw(journal, "{\"at\":2,\"phase\":\"inj\n");
        journal.append(entry(3, "cut"));

        FaultEventLog.Read read = journal.readFrom(0);

        assertThat(read.entries()).extracting(FaultEventLog.Entry::action).containsExactly("delay", "cut");
        assertThat(read.warnings()).singleElement().asString()
                .startsWith(journal.file() + ":2: skipped a line that is not a journal entry");
        assertThat(read.next()).isEqualTo(Files.size(journal.file()));
    }

    @Test
    void givenABadLineAlreadySkipped_whenReadOnFromWhereItStopped_thenOnlyTheNewLinesComeAndNoWarningAgain() throws Exception {
        FaultEventLog journal = new FaultEventLog(stateDir);
        journal.append(entry(1, "delay"));
        appendRaw(journal, "null\n[]\n");
        long next = journal.readFrom(0).next();
        journal.append(entry(5, "heal"));

        FaultEventLog.Read read = journal.readFrom(next);

        assertThat(read.entries()).extracting(FaultEventLog.Entry::action).containsExactly("heal");
        assertThat(read.warnings()).isEmpty();
    }

    @Test
    void givenALastLineStillBeingWritten_whenRead_thenItIsLeftForLaterAndReadOnceWhole() throws Exception {
        FaultEventLog journal = new FaultEventLog(stateDir);
        journal.append(entry(1, "delay"));
        String whole = "{\"at\":2,\"phase\":\"inject\",\"action\":\"cut\",\"target\":\"all\",\"detail\":\"cut\",\"source\":\"cli\"}\n";
        appendRaw(journal, whole.substring(0, 20));

        FaultEventLog.Read first = journal.readFrom(0);
        appendRaw(journal, whole.substring(20));
        FaultEventLog.Read second = journal.readFrom(first.next());

        assertThat(first.entries()).extracting(FaultEventLog.Entry::action).containsExactly("delay");
        assertThat(first.warnings()).isEmpty();
        assertThat(second.entries()).extracting(FaultEventLog.Entry::action).containsExactly("cut");
        assertThat(second.warnings()).isEmpty();
    }
}
