package io.supplychaos.scenario;

import io.supplychaos.spec.Location;
import io.supplychaos.spec.SpecException;

/**
 * A bad scenario file: names the file, the field (as a path such as {@code faults[2].ms}), its
 * line and column and what was expected, so that the CLI prints it as is and exits 2.
 */
public final class ScenarioException extends SpecException {

    public ScenarioException(String source, String field, Location location, String expected) {
        super(source, field, location, expected);
    }

    public ScenarioException(String source, String field, String expected) {
        this(source, field, null, expected);
    }
}
