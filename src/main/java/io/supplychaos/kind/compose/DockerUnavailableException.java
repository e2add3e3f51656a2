package io.supplychaos.kind.compose;

/**
 * What a compose env or {@code ./chaos images} needs from this machine is missing: no docker CLI,
 * no daemon answering, no compose implementation, or an image that cannot be built. Bad input to
 * the CLI (exit 2, before anything starts), with the cause and what would fix it in the message.
 */
public final class DockerUnavailableException extends IllegalArgumentException {

    public DockerUnavailableException(String message) {
        super(message);
    }

    public DockerUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
