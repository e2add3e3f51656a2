package io.supplychaos.env;

import io.supplychaos.spec.Location;
import io.supplychaos.spec.SpecException;

/**
 * A bad environment definition: names the file, the field, its line and column and what was
 * expected, so the CLI can print it as is and exit with code 2.
 */
public final class EnvSpecException extends SpecException {

    public EnvSpecException(String source, String field, Location location, String expected) {
        super(source, field, location, expected);
    }

    public EnvSpecException(String source, String field, String expected) {
        this(source, field, null, expected);
    }
}
