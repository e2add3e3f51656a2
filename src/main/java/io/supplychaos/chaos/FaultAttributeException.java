package io.supplychaos.chaos;

/**
 * A fault attribute that is missing, unknown or out of range: which attribute, and what was
 * expected. Scenario files report it at the attribute's field, the CLI at its option.
 */
public final class FaultAttributeException extends IllegalArgumentException {

    private final String attribute;
    private final String expected;

    public FaultAttributeException(FaultType type, String attribute, String expected) {
        this(type.cliName(), attribute, expected);
    }

    FaultAttributeException(String fault, String attribute, String expected) {
        super(fault + " " + attribute + ": " + expected);
        this.attribute = attribute;
        this.expected = expected;
    }

    public String attribute() {
        return attribute;
    }

    public String expected() {
        return expected;
    }
}
