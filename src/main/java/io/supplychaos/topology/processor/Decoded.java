package io.supplychaos.topology.processor;

/**
 * A record read from a topic: either its decoded value, or the raw bytes and why they could not
 * be used. Lives only between a source and the branch that sends malformed records to the
 * dead-letter topic.
 */
public record Decoded<T>(T value, byte[] rawKey, byte[] rawValue, String error) {

    static <T> Decoded<T> valid(T value) {
        return new Decoded<>(value, null, null, null);
    }

    static <T> Decoded<T> malformed(byte[] rawKey, byte[] rawValue, String error) {
        return new Decoded<>(null, rawKey, rawValue, error);
    }

    public boolean isMalformed() {
        return error != null;
    }
}
