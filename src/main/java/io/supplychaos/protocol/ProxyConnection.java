package io.supplychaos.protocol;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.kafka.common.requests.RequestHeader;

/**
 * One client connection and its connection to the broker. Three threads: the requests (client to
 * broker: header read, the rule applied, the frame forwarded unchanged or answered), the responses
 * (broker to client: matched by correlation id to the request that asked) and the writer, which
 * delivers responses to the client in the order of the requests, as the broker does and the client
 * expects (an answer made here waits for the broker's answers to the requests before it).
 */
final class ProxyConnection implements Closeable {

    /** What the client gets for one request: a frame, or its connection closed. */
    private sealed interface Outcome {
    }

    private record Deliver(ByteBuffer frame) implements Outcome {
    }

    private record Disconnect() implements Outcome {
    }

    /** A request that awaits its response. */
    private record Pending(int correlationId, Optional<ProtocolAction> action, CompletableFuture<Outcome> outcome) {
    }

    private static final Pending END = new Pending(-1, Optional.empty(), CompletableFuture.completedFuture(new Disconnect()));

    private final Socket client;
    private final Socket broker;
    private final ProtocolRules rules;
    private final BlockingQueue<Pending> inOrder = new LinkedBlockingQueue<>();
    private final Map<Integer, Pending> awaiting = new ConcurrentHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Runnable onClose;

    ProxyConnection(Socket client, Socket broker, ProtocolRules rules, Runnable onClose) {
        this.client = client;
        this.broker = broker;
        this.rules = rules;
        this.onClose = onClose;
    }

    void start(String name) {
        thread(name + "-requests", this::requests);
        thread(name + "-responses", this::responses);
        thread(name + "-writer", this::writer);
    }

    private void thread(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    private void requests() {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(client.getInputStream(), 64 * 1024))) {
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(broker.getOutputStream(), 64 * 1024));
            for (Optional<ByteBuffer> next = KafkaFrames.read(in); next.isPresent(); next = KafkaFrames.read(in)) {
                request(next.get(), out);
            }
        } catch (IOException | RuntimeException | InterruptedException gone) {
            // the connection ended, or a frame could not be read: both sides are closed below
        } finally {
            close();
        }
    }

    private void request(ByteBuffer frame, DataOutputStream out) throws IOException, InterruptedException {
        Optional<RequestHeader> header = KafkaFrames.requestHeader(frame);
        Optional<ProtocolAction> action = header.flatMap(h -> rules.current().isEmpty()
                ? Optional.empty() : rules.actionFor(h.apiKey(), h.apiVersion()));
        if (header.isPresent() && !KafkaFrames.expectsResponse(header.get(), frame)) {
            // acks=0: nothing comes back, so there is nothing to answer, delay or drop
            KafkaFrames.write(out, frame);
            return;
        }
        int correlationId = header.map(RequestHeader::correlationId).orElseGet(() -> KafkaFrames.correlationIdOfRequest(frame));
        Pending pending = new Pending(correlationId, action, new CompletableFuture<>());
        if (action.isPresent() && action.get() instanceof ProtocolAction.Answer answer) {
            pending.outcome().complete(new Deliver(KafkaFrames.errorResponse(header.get(), frame, answer.error())));
            inOrder.put(pending);
            return;
        }
        if (action.isPresent() && action.get() instanceof ProtocolAction.DelayRequest delay) {
            Thread.sleep(delay.by().toMillis());
        }
        awaiting.put(correlationId, pending);
        inOrder.put(pending);
        KafkaFrames.write(out, frame);
    }

    private void responses() {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(broker.getInputStream(), 64 * 1024))) {
            for (Optional<ByteBuffer> next = KafkaFrames.read(in); next.isPresent(); next = KafkaFrames.read(in)) {
                Pending pending = awaiting.remove(KafkaFrames.correlationId(next.get()));
                if (pending == null) {
                    return; // a response to no request sent: the stream is not what it should be
                }
                boolean drop = pending.action().filter(ProtocolAction.DropResponse.class::isInstance).isPresent();
                pending.outcome().complete(drop ? new Disconnect() : new Deliver(next.get()));
            }
        } catch (IOException | RuntimeException gone) {
            // the broker closed the connection or sent what is not a frame
        } finally {
            close();
        }
    }

    private void writer() {
        try {
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(client.getOutputStream(), 64 * 1024));
            while (true) {
                Pending pending = inOrder.take();
                Outcome outcome = pending.outcome().get();
                if (!(outcome instanceof Deliver deliver)) {
                    return;
                }
                if (pending.action().isPresent() && pending.action().get() instanceof ProtocolAction.DelayResponse delay) {
                    Thread.sleep(delay.by().toMillis());
                }
                KafkaFrames.write(out, deliver.frame());
            }
        } catch (IOException | InterruptedException | ExecutionException gone) {
            // the client went away
        } finally {
            close();
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeQuietly(client);
        closeQuietly(broker);
        awaiting.values().forEach(p -> p.outcome().complete(new Disconnect()));
        inOrder.add(END);
        onClose.run();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing: nothing more to do with it
        }
    }
}
