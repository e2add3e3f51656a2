package io.supplychaos.scenario;

/**
 * A bad scenario file: names the file, the field (as a path such as {@code faults[2].ms}) and
 * what was expected, so that the CLI prints it as is and exits 2.
 */
public final class ScenarioException extends RuntimeException {

    public ScenarioException(String source, String field, String expected) {
        super(source + ": field '" + field + "': " + expected);
    }
}
