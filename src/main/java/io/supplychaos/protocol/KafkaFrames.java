package io.supplychaos.protocol;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Optional;

import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.protocol.MessageUtil;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.requests.ResponseHeader;

/**
 * Kafka's framing and the few reads and writes the proxy makes, all through Kafka's own classes: a
 * frame is a 4-byte big-endian size and that many bytes; a request starts with its
 * {@link RequestHeader} (whose version {@link ApiKeys#requestHeaderVersion} decides, ControlledShutdown
 * v0's header without a client id included), a response with its {@link ResponseHeader} (version from
 * {@link ApiKeys#responseHeaderVersion}: always 0 for ApiVersions, so that a client can read the
 * answer to a version the broker does not know), whose first field is the correlation id.
 */
final class KafkaFrames {

    /** The largest frame read, the broker's default {@code socket.request.max.bytes} (100 MiB). */
    static final int MAX_FRAME = 100 * 1024 * 1024;

    private KafkaFrames() {
    }

    /** The next frame's bytes (without the size), or empty at a clean end of the stream. */
    static Optional<ByteBuffer> read(DataInputStream in) throws IOException {
        int size;
        try {
            size = in.readInt();
        } catch (EOFException end) {
            return Optional.empty();
        }
        if (size < 0 || size > MAX_FRAME) {
            throw new IOException("frame of " + size + " bytes: expected 0.." + MAX_FRAME);
        }
        byte[] bytes = new byte[size];
        in.readFully(bytes);
        return Optional.of(ByteBuffer.wrap(bytes));
    }

    /** Writes the frame's size and bytes and flushes. */
    static void write(DataOutputStream out, ByteBuffer frame) throws IOException {
        ByteBuffer bytes = frame.duplicate();
        out.writeInt(bytes.remaining());
        if (bytes.hasArray()) {
            out.write(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
        } else {
            byte[] copy = new byte[bytes.remaining()];
            bytes.get(copy);
            out.write(copy);
        }
        out.flush();
    }

    /** A request frame's header, or empty when it names an API key or header this Kafka does not know. */
    static Optional<RequestHeader> requestHeader(ByteBuffer frame) {
        try {
            return Optional.of(RequestHeader.parse(frame.duplicate()));
        } catch (RuntimeException unknown) {
            return Optional.empty();
        }
    }

    /** The request after its header, parsed by Kafka's class for its API key and version. */
    static AbstractRequest request(RequestHeader header, ByteBuffer frame) {
        ByteBuffer body = frame.duplicate();
        RequestHeader.parse(body);
        return AbstractRequest.parseRequest(header.apiKey(), header.apiVersion(), new ByteBufferAccessor(body)).request;
    }

    /** Whether the broker answers this request: all but a Produce with acks=0. */
    static boolean expectsResponse(RequestHeader header, ByteBuffer frame) {
        return header.apiKey() != ApiKeys.PRODUCE || ((ProduceRequest) request(header, frame)).acks() != 0;
    }

    /** A request frame's correlation id when its header is unknown here: after the key (2 bytes) and version (2 bytes). */
    static int correlationIdOfRequest(ByteBuffer requestFrame) {
        return requestFrame.getInt(requestFrame.position() + 4);
    }

    /** A response frame's correlation id: the first field of every response header version. */
    static int correlationId(ByteBuffer responseFrame) {
        return responseFrame.getInt(responseFrame.position());
    }

    /**
     * The request's own error response ({@link AbstractRequest#getErrorResponse}) for {@code error},
     * with the response header its API key and version call for, as a frame.
     */
    static ByteBuffer errorResponse(RequestHeader header, ByteBuffer frame, Errors error) {
        AbstractResponse response = request(header, frame).getErrorResponse(0, error.exception());
        return response(header, response);
    }

    /** A response to the request of {@code header}, serialized with its header, as a frame. */
    static ByteBuffer response(RequestHeader header, AbstractResponse response) {
        ResponseHeader responseHeader = header.toResponseHeader();
        ByteBuffer head = MessageUtil.toByteBufferAccessor(responseHeader.data(), responseHeader.headerVersion()).buffer();
        ByteBuffer body = MessageUtil.toByteBufferAccessor(response.data(), header.apiVersion()).buffer();
        ByteBuffer whole = ByteBuffer.allocate(head.remaining() + body.remaining());
        whole.put(head).put(body).flip();
        return whole;
    }
}
