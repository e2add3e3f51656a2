package io.supplychaos.env;

/**
 * A bad environment definition: names the file (or scenario block), the field and what was
 * expected, so the CLI can print it as is and exit with code 2.
 */
public final class EnvSpecException extends RuntimeException {
    private final String source;
    private final String field;

    public EnvSpecException(String source, String field, String expected) {
        super(source + ": field '" + field + "': " + expected);
        this.source = source;
        this.field = field;
    }

    public String source() {
        return source;
    }

    public String field() {
        return field;
    }
}
