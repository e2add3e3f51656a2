package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.scenario.FileSchemas;

/** {@code chaos schema}: writes the generated schemas; {@code --check} compares without writing. */
class SchemaCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int schema(String... args) {
        picocli.CommandLine cli = new picocli.CommandLine(new ChaosCli());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 1];
        all[0] = "schema";
        System.arraycopy(args, 0, all, 1, args.length);
        return cli.execute(all);
    }

    @Test
    void shouldWriteEverySchemaIntoTheGivenDirectory() throws IOException {
        int exit = schema("--out", dir.toString());

        assertThat(exit).isZero();
        for (var schema : FileSchemas.render().entrySet()) {
            assertThat(Files.readString(dir.resolve(schema.getKey()))).isEqualTo(schema.getValue());
        }
        assertThat(out.toString()).contains("wrote " + dir.resolve(FileSchemas.SCENARIO));
    }

    @Test
    void shouldFailTheCheckWhenASchemaIsStaleAndWriteNothing() throws IOException {
        schema("--out", dir.toString());
        Path env = dir.resolve(FileSchemas.ENV);
        Files.writeString(env, "{}\n");

        int exit = schema("--out", dir.toString(), "--check");

        assertThat(exit).isEqualTo(ChaosCli.EXIT_FAILED);
        assertThat(err.toString()).contains("stale or missing", FileSchemas.ENV, "./chaos schema");
        assertThat(Files.readString(env)).isEqualTo("{}\n");
    }

    @Test
    void shouldPassTheCheckOnFreshSchemas() {
        schema("--out", dir.toString());

        assertThat(schema("--out", dir.toString(), "--check")).isZero();
    }
}
