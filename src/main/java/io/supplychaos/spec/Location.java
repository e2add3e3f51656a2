package io.supplychaos.spec;

/** Where a value sits in a YAML file, 1-based as editors show it. */
public record Location(int line, int column) {

    @Override
    public String toString() {
        return line + ":" + column;
    }
}
