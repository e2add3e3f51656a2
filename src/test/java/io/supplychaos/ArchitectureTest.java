package io.supplychaos;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The package rules docs/ARCHITECTURE.md states, held against the code: the packages form no
 * circle (so no import runs back up a floor), each env kind's room stays out of the others, the
 * layers below the kinds know nothing of them, and no fully qualified name hides an import.
 */
class ArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.supplychaos");
    private static final List<String> KINDS = List.of("embedded", "compose", "external", "kubernetes");

    @Test
    void packagesFormNoCircleSoNoImportRunsBackUp() {
        // every package is its own slice: a sub-package and its parent importing each other is a circle too
        slices().matching("io.supplychaos.(**)").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void eachKindsRoomKeepsToItself() {
        for (String kind : KINDS) {
            for (String other : KINDS) {
                if (!other.equals(kind)) {
                    noClasses().that().resideInAPackage("io.supplychaos.kind." + kind + "..")
                            .should().dependOnClassesThat().resideInAPackage("io.supplychaos.kind." + other + "..")
                            .check(MAIN);
                }
            }
        }
    }

    @Test
    void attachedKindsAreReachedOnlyThroughKindsAndCluster() {
        // embedded is also used by name where only it makes sense: verify and bench start it, status reads its processes
        for (String kind : List.of("compose", "external", "kubernetes")) {
            noClasses().that().resideOutsideOfPackage("io.supplychaos.kind..")
                    .should().dependOnClassesThat().resideInAPackage("io.supplychaos.kind." + kind + "..")
                    .because("the layers above reach an attached kind through kind.Kinds and cluster.Cluster")
                    .check(MAIN);
        }
    }

    @Test
    void theLayersBelowTheKindsKnowNothingOfThem() {
        noClasses().that().resideInAnyPackage("io.supplychaos.cluster..", "io.supplychaos.chaos..",
                        "io.supplychaos.env..", "io.supplychaos.toxiproxy..", "io.supplychaos.metrics..",
                        "io.supplychaos.history..", "io.supplychaos.result..", "io.supplychaos.spec..",
                        "io.supplychaos.time..")
                .should().dependOnClassesThat().resideInAPackage("io.supplychaos.kind..")
                .check(MAIN);
    }

    @Test
    void noFullyQualifiedProjectNameHidesAnImport() throws IOException {
        Pattern inline = Pattern.compile("\\bio\\.supplychaos\\.[a-z.]+\\.[A-Z]\\w*");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i).trim();
                    if (line.startsWith("import ") || line.startsWith("package ") || line.startsWith("*")
                            || line.startsWith("/**") || line.startsWith("//")) {
                        continue;
                    }
                    Matcher m = inline.matcher(line.replaceAll("\"(?:\\\\.|[^\"\\\\])*\"", "\"\""));
                    if (m.find()) {
                        found.add(file + ":" + (i + 1) + ": " + m.group());
                    }
                }
            }
        }
        assertThat(found).as("project classes named inline instead of imported").isEmpty();
    }
}
