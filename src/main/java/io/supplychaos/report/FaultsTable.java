package io.supplychaos.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import io.supplychaos.chaos.FaultType;
import io.supplychaos.chaos.Repair;
import io.supplychaos.env.ExternalTarget.BrokerCommand;

/**
 * The table of docs/FAULTS.md that lists every fault, written from the registry ({@link FaultType})
 * and what each fault's own file says: what it acts on and does, its attributes, whether it lasts
 * and what ends it (or what it ends, for a repair), the {@code brokerCommands} an external env needs
 * and what a Kubernetes env does. The page holds it between two marker lines; FaultsTableTest keeps
 * it equal to {@link #render()}, so a fault added to the registry shows up there or the build fails.
 */
public final class FaultsTable {

    public static final String BEGIN = "<!-- The fault table is generated from FaultType: "
            + "mvn test -Dtest=FaultsTableTest -Dfaults.table.update=true -->";
    public static final String END = "<!-- end of the generated fault table -->";

    private FaultsTable() {
    }

    /** The table, header first, one row per fault in registry order. */
    public static String render() {
        List<String> lines = new ArrayList<>();
        lines.add("| fault (verb, `action:`) | acts on | does | attributes | lasts | ends / ended by | external: `brokerCommands` | kubernetes |");
        lines.add("|---|---|---|---|---|---|---|---|");
        for (FaultType type : FaultType.values()) {
            lines.add("| `" + type.cliName() + "` | " + type.kind().name().toLowerCase(Locale.ROOT) + " | " + type.summary()
                    + " | " + attributes(type) + " | " + (type.isInstantaneous() ? "a moment" : "until healed") + " | "
                    + repair(type) + " | " + external(type) + " | " + type.onKubernetes().how() + " |");
        }
        return String.join("\n", lines) + "\n";
    }

    private static String attributes(FaultType type) {
        if (type.attributes().isEmpty()) {
            return "—";
        }
        return type.attributes().stream().map(a -> "`" + a.name() + "`" + (a.required() ? " (required)" : ""))
                .collect(Collectors.joining(", "));
    }

    private static String repair(FaultType type) {
        Repair repair = type.repair();
        if (type.isRepair()) {
            List<String> ends = new ArrayList<>();
            for (FaultType lasting : FaultType.values()) {
                if (repair.ends().contains(lasting)) {
                    ends.add("`" + lasting.cliName() + "`");
                }
            }
            return "ends " + String.join(", ", ends) + (repair.sameTarget() ? " of its target" : " anywhere");
        }
        if (type.isInstantaneous()) {
            return "—";
        }
        List<String> by = new ArrayList<>(List.of("its own heal (`for:`, `--for`)"));
        type.endedBy().forEach(repairer -> by.add("`" + repairer.cliName() + "`"));
        return "ended by " + String.join(", ", by);
    }

    private static String external(FaultType type) {
        return switch (type.kind()) {
            case BROKER -> type.needsLocalLogDirs().isPresent() ? "refused: " + type.needsLocalLogDirs().get()
                    : type.externalCommands().stream().map(BrokerCommand::yamlName).map(c -> "`" + c + "`")
                    .collect(Collectors.joining(", "));
            case NETWORK -> "the env's `toxiproxy:`";
            case PROTOCOL -> "refused: the protocol proxy runs only in an embedded env (`network: protocol`)";
            case APP -> "local instances";
            case ENVIRONMENT -> "`resume` for paused brokers, the env's `toxiproxy:`";
        };
    }

    /** The page with its table section replaced by {@link #render()}. */
    public static String updated(String page) {
        int begin = page.indexOf(BEGIN);
        int end = page.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException("the page has no fault table between the lines " + BEGIN + " and " + END);
        }
        return page.substring(0, begin + BEGIN.length()) + "\n" + render() + page.substring(end);
    }

    /** Rewrites the table of {@code page} (docs/FAULTS.md) from the registry. */
    public static void write(Path page) {
        try {
            Files.writeString(page, updated(Files.readString(page)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot update " + page, e);
        }
    }
}
