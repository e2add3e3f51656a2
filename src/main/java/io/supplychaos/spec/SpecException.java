package io.supplychaos.spec;

/**
 * A bad input file (scenario or env) or CLI value: names the file, the field (as a path such as
 * {@code faults[2].ms}), where it is ({@code line:column}, when known) and what was expected, as
 * {@code FILE:LINE:COLUMN: field 'PATH': EXPECTED}. An {@link IllegalArgumentException}, so the CLI
 * prints it as is and exits 2.
 */
public class SpecException extends IllegalArgumentException {

    private final String source;
    private final String field;
    private final transient Location location;
    private final String expected;

    public SpecException(String source, String field, Location location, String expected) {
        super(source + (location == null ? "" : ":" + location) + ": field '" + field + "': " + expected);
        this.source = source;
        this.field = field;
        this.location = location;
        this.expected = expected;
    }

    public String source() {
        return source;
    }

    public String field() {
        return field;
    }

    /** Where the field is in the file; null when not known (a value that came from no file). */
    public Location location() {
        return location;
    }

    public String expected() {
        return expected;
    }

    /** Builds the exception type of one kind of file, so callers can still tell env files from scenarios. */
    @FunctionalInterface
    public interface Factory {
        SpecException create(String source, String field, Location location, String expected);
    }
}
