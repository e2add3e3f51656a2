package io.supplychaos.env;

/**
 * A bad environment definition: names the file (or scenario block), the field and what was
 * expected, so the CLI can print it as is and exit with code 2.
 */
public final class EnvSpecException extends RuntimeException {
    public EnvSpecException(String source, String field, String expected) {
        super(source + ": field '" + field + "': " + expected);
    }
}
