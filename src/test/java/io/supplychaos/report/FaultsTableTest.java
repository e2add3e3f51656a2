package io.supplychaos.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.supplychaos.chaos.FaultType;

/**
 * docs/FAULTS.md's fault table is generated from the registry: it lists exactly the faults of
 * {@link FaultType}, in its order, as each fault's file describes them. A fault added without
 * regenerating the page, or a hand edit of the table, fails here.
 */
class FaultsTableTest {

    private static final Path PAGE = Path.of("docs", "FAULTS.md");
    private static final String REFRESH = "mvn test -Dtest=FaultsTableTest -Dfaults.table.update=true";
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `([a-z-]+)` \\|");

    @BeforeAll
    static void regenerateWhenAsked() {
        if (Boolean.getBoolean("faults.table.update")) {
            FaultsTable.write(PAGE);
        }
    }

    @Test
    void shouldListExactlyTheRegistrysFaults() throws IOException {
        String page = Files.readString(PAGE);
        int begin = page.indexOf(FaultsTable.BEGIN);
        int end = page.indexOf(FaultsTable.END);
        assertThat(begin).as("FAULTS.md holds the generated table; add the marker lines and run " + REFRESH).isNotNegative();
        assertThat(end).isGreaterThan(begin);

        Matcher rows = ROW.matcher(page.substring(begin, end));
        List<String> listed = rows.results().map(row -> row.group(1)).toList();

        assertThat(listed).as("the faults FAULTS.md's table lists; regenerate it with: " + REFRESH)
                .containsExactlyElementsOf(Arrays.stream(FaultType.values()).map(FaultType::cliName).toList());
    }

    @Test
    void shouldBeWhatTheFaultFilesSay() throws IOException {
        String page = Files.readString(PAGE);

        assertThat(page).as("FAULTS.md's fault table differs from what the fault files say; regenerate it with: " + REFRESH)
                .isEqualTo(FaultsTable.updated(page));
    }

    @Test
    void shouldSayWhatARepairEndsAndWhatEndsALastingFault() {
        String table = FaultsTable.render();

        assertThat(table).contains("| `start-broker` | broker |")
                .contains("ends `kill-broker`, `stop-broker`, `power-loss` of its target")
                .contains("ended by its own heal (`for:`, `--for`), `resume-broker`, `heal`")
                .contains("| `kill-broker` | broker | SIGKILL (a crash) | — | until healed |")
                .contains("| `kill`, `start` |")
                .contains("| `power-loss` | broker |").contains("refused: power-loss rewrites the broker's log segments");
    }
}
