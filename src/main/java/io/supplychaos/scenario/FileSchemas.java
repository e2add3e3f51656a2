package io.supplychaos.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.spec.SchemaGenerator;
import io.supplychaos.spec.Shape;

/**
 * The JSON Schemas of the files the tool reads, generated from the readers' own declarations
 * ({@link ScenarioLoader#SHAPE}, {@link EnvSpecReader#SHAPE}, {@link FaultSchedule#FILE}):
 * {@code scenario.schema.json} for scenarios/*.yaml, {@code env.schema.json} for env/*.yaml and
 * {@code faults.schema.json} for the fault schedules of scenarios/verify/. Editors use them through
 * a file's first line, {@code # yaml-language-server: $schema=../schema/scenario.schema.json}.
 * Writes only the schema directory it is given.
 */
public final class FileSchemas {

    /** Where the repo keeps them, relative to the project home. */
    public static final String DIR = "schema";
    public static final String SCENARIO = "scenario.schema.json";
    public static final String ENV = "env.schema.json";
    public static final String FAULTS = "faults.schema.json";

    private FileSchemas() {
    }

    /** File name -> schema text, in a stable order. */
    public static Map<String, String> render() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(SCENARIO, text("supply-chaos scenario", "A scenario file (scenarios/*.yaml): the env, app, workload, "
                + "faults and expectations of one run. Checks that need the env (fault targets within its brokers, a "
                + "replication factor at most its brokers) are the loader's: ./chaos list shows them.", ScenarioLoader.SHAPE));
        files.put(ENV, text("supply-chaos env", "An env file (env/*.yaml): the cluster a scenario runs on and how the "
                + "tool reaches it.", EnvSpecReader.SHAPE));
        files.put(FAULTS, text("supply-chaos fault schedule", "A fault schedule for ./chaos verify --faults "
                + "(scenarios/verify/*.yaml).", FaultSchedule.FILE));
        return files;
    }

    /** Writes every schema into {@code dir}, creating it; returns the files written. */
    public static List<Path> write(Path dir) {
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            for (Map.Entry<String, String> file : render().entrySet()) {
                written.add(Files.writeString(dir.resolve(file.getKey()), file.getValue()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the schemas into " + dir, e);
        }
        return written;
    }

    /** The schemas in {@code dir} that are missing or differ from {@link #render()}. */
    public static List<String> stale(Path dir) {
        List<String> stale = new ArrayList<>();
        render().forEach((name, text) -> {
            Path file = dir.resolve(name);
            try {
                if (!Files.isRegularFile(file) || !Files.readString(file).equals(text)) {
                    stale.add(name);
                }
            } catch (IOException e) {
                stale.add(name);
            }
        });
        return stale;
    }

    private static String text(String title, String description, Shape root) {
        return SchemaGenerator.json(SchemaGenerator.schema(title, description, root));
    }
}
