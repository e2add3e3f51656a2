package io.supplychaos.protocol;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.ProduceResponse;
import org.apache.kafka.common.requests.RequestHeader;

/**
 * A loopback stand-in for a broker: it parses each request with Kafka's classes and answers it, a
 * Produce with success and the next offset (every produce it answered is "written"), anything else
 * with the request's own error response for COORDINATOR_LOAD_IN_PROGRESS (so an answer from the
 * broker is told from one the proxy made). It records the frames it received and sent, and can hold
 * each response back for a while, as a slow broker does.
 */
final class FakeBroker implements AutoCloseable {

    final List<ByteBuffer> received = new CopyOnWriteArrayList<>();
    final List<ByteBuffer> sent = new CopyOnWriteArrayList<>();
    final List<ApiKeys> handled = new CopyOnWriteArrayList<>();
    private final ServerSocket server;
    private volatile Duration responseDelay = Duration.ZERO;
    private long nextOffset;

    FakeBroker() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "fake-broker");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    InetSocketAddress address() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort());
    }

    void delayResponses(Duration by) {
        responseDelay = by;
    }

    long written() {
        return handled.stream().filter(ApiKeys.PRODUCE::equals).count();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread connection = new Thread(() -> serve(socket), "fake-broker-connection");
                connection.setDaemon(true);
                connection.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket; DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
             DataOutputStream out = new DataOutputStream(socket.getOutputStream())) {
            for (Optional<ByteBuffer> next = KafkaFrames.read(in); next.isPresent(); next = KafkaFrames.read(in)) {
                received.add(next.get().duplicate());
                ByteBuffer body = next.get().duplicate();
                RequestHeader header = RequestHeader.parse(body);
                AbstractRequest request = AbstractRequest.parseRequest(header.apiKey(), header.apiVersion(),
                        new ByteBufferAccessor(body)).request;
                handled.add(header.apiKey());
                if (request instanceof ProduceRequest produce && produce.acks() == 0) {
                    continue;
                }
                AbstractResponse response = request instanceof ProduceRequest produce
                        ? written(produce) : request.getErrorResponse(0, Errors.COORDINATOR_LOAD_IN_PROGRESS.exception());
                ByteBuffer frame = KafkaFrames.response(header, response);
                if (!responseDelay.isZero()) {
                    Thread.sleep(responseDelay.toMillis());
                }
                sent.add(frame.duplicate());
                KafkaFrames.write(out, frame);
            }
        } catch (IOException | InterruptedException gone) {
            // the proxy closed the connection
        }
    }

    private synchronized ProduceResponse written(ProduceRequest produce) {
        ProduceResponseData data = new ProduceResponseData();
        for (ProduceRequestData.TopicProduceData topic : produce.data().topicData()) {
            ProduceResponseData.TopicProduceResponse answer = new ProduceResponseData.TopicProduceResponse()
                    .setName(topic.name()).setTopicId(topic.topicId());
            for (ProduceRequestData.PartitionProduceData partition : topic.partitionData()) {
                answer.partitionResponses().add(new ProduceResponseData.PartitionProduceResponse()
                        .setIndex(partition.index()).setErrorCode(Errors.NONE.code()).setBaseOffset(nextOffset++));
            }
            data.responses().add(answer);
        }
        return new ProduceResponse(data);
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
