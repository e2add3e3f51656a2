package io.supplychaos.env;

/** Another environment or another program already holds what {@code up} needs (a port, the state directory). */
public final class EnvBusyException extends RuntimeException {
    public EnvBusyException(String message) {
        super(message);
    }
}
