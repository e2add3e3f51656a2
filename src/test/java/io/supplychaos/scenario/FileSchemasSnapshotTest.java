package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Keeps schema/*.schema.json equal to what the readers declare ({@link FileSchemas#render()}): a
 * field, bound or enum value added to a reader must show up in the committed schemas that editors
 * read, so such a change shows up in review as a change of the schema files.
 */
class FileSchemasSnapshotTest {

    static final Path DIR = Path.of(FileSchemas.DIR);
    static final String REFRESH = "./chaos schema   (or: mvn test -Dtest=FileSchemasSnapshotTest -Dschema.update=true)";

    @Test
    void shouldMatchTheCommittedSchemas() throws IOException {
        Map<String, String> live = FileSchemas.render();
        if (Boolean.getBoolean("schema.update")) {
            FileSchemas.write(DIR);
        }

        for (Map.Entry<String, String> schema : live.entrySet()) {
            Path file = DIR.resolve(schema.getKey());
            assertThat(file).as("schema file; create it with: " + REFRESH).exists();
            assertThat(Files.readString(file)).as("%s differs from what the readers declare. If the change is intended, "
                    + "regenerate the schemas with:%n  %s", file, REFRESH).isEqualTo(schema.getValue());
        }
        assertThat(FileSchemas.stale(DIR)).isEmpty();
    }

    @Test
    void shouldListTheReadersFieldsInTheSchemas() {
        String scenario = FileSchemas.render().get(FileSchemas.SCENARIO);

        ScenarioLoader.SHAPE.names().forEach(field -> assertThat(scenario).contains("\"" + field + "\" : {"));
        assertThat(scenario).contains("\"additionalProperties\" : false", "\"kill-broker\"", "\"$ref\" : \"#/$defs/env\"");
    }
}
