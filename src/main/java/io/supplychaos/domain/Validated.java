package io.supplychaos.domain;

import java.util.List;

/**
 * A wire record that can say what is wrong with it once decoded: JSON that parses but lacks a
 * required field is as malformed as JSON that does not parse, and goes to the dead-letter topic.
 */
public interface Validated {

    /** Human-readable problems, empty when the record is usable. */
    List<String> problems();
}
