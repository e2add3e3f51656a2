package io.supplychaos.domain;

import java.util.ArrayList;
import java.util.List;

/**
 * A wire record that can say what is wrong with it once decoded: JSON that parses but lacks a
 * required field is as malformed as JSON that does not parse, and goes to the dead-letter topic.
 */
public interface Validated {

    /** Human-readable problems, empty when the record is usable. */
    List<String> problems();

    /**
     * "missing field X" for each null or blank value.
     *
     * @param namesAndValues field name, value, field name, value, ...
     */
    static List<String> missingFields(Object... namesAndValues) {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            Object value = namesAndValues[i + 1];
            if (value == null || value instanceof String text && text.isBlank()) {
                problems.add("missing field " + namesAndValues[i]);
            }
        }
        return problems;
    }
}
