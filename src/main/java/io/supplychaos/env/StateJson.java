package io.supplychaos.env;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * How the files of a state directory that record an env ({@code state.json}, {@code attached.json})
 * are written and read: indented JSON with ISO instants, so a user can read them.
 */
public final class StateJson {

    public static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private StateJson() {
    }
}
