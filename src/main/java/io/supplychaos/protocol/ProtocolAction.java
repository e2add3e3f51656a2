package io.supplychaos.protocol;

import java.time.Duration;
import java.util.Objects;

import org.apache.kafka.common.protocol.Errors;

/**
 * What a {@link ProtocolRule} does to a request it selects: answer it with an error without
 * forwarding it, hold the request or its response back for a while, or let the broker handle it and
 * swallow its response (closing the client's connection, as a lost acknowledgement does).
 */
public sealed interface ProtocolAction {

    /** The request is not forwarded; the client gets the request's own error response with {@code error}. */
    record Answer(Errors error) implements ProtocolAction {
        public Answer {
            Objects.requireNonNull(error, "error");
            if (error == Errors.NONE) {
                throw new IllegalArgumentException("an answer needs an error code, not NONE");
            }
        }
    }

    /** The request reaches the broker {@code by} later; the requests after it on the connection wait too. */
    record DelayRequest(Duration by) implements ProtocolAction {
        public DelayRequest {
            requirePositive(by);
        }
    }

    /** The response reaches the client {@code by} later; the responses after it on the connection wait too. */
    record DelayResponse(Duration by) implements ProtocolAction {
        public DelayResponse {
            requirePositive(by);
        }
    }

    /**
     * The request is forwarded and handled by the broker; its response is swallowed and the client's
     * connection closed once the responses before it were delivered, so the client sees a
     * disconnection where the acknowledgement should have been.
     */
    record DropResponse() implements ProtocolAction {
    }

    private static void requirePositive(Duration by) {
        Objects.requireNonNull(by, "by");
        if (by.isNegative() || by.isZero()) {
            throw new IllegalArgumentException("a delay must be positive, not " + by);
        }
    }
}
