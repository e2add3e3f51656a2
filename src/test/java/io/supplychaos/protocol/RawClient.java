package io.supplychaos.protocol;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.FetchRequestData;
import org.apache.kafka.common.message.OffsetCommitRequestData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.SimpleRecord;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.FetchRequest;
import org.apache.kafka.common.requests.OffsetCommitRequest;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.RequestHeader;

/** A client speaking Kafka's protocol over one socket with Kafka's own request classes; requests may be pipelined. */
final class RawClient implements AutoCloseable {

    static final short PRODUCE_VERSION = 11;
    static final short OFFSET_COMMIT_VERSION = 8;
    static final short FETCH_VERSION = 12;

    private final Socket socket;
    private final DataOutputStream out;
    private final DataInputStream in;

    RawClient(int port) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setTcpNoDelay(true);
        out = new DataOutputStream(socket.getOutputStream());
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
    }

    static ProduceRequest produce(short acks) {
        ProduceRequestData data = new ProduceRequestData().setAcks(acks).setTimeoutMs(30_000);
        data.topicData().add(new ProduceRequestData.TopicProduceData().setName("order-placed")
                .setPartitionData(List.of(new ProduceRequestData.PartitionProduceData().setIndex(0)
                        .setRecords(MemoryRecords.withRecords(Compression.NONE, new SimpleRecord("k".getBytes(), "v".getBytes()))))));
        return new ProduceRequest(data, PRODUCE_VERSION);
    }

    static OffsetCommitRequest offsetCommit() {
        OffsetCommitRequestData data = new OffsetCommitRequestData().setGroupId("supply-chain").setMemberId("m")
                .setGenerationIdOrMemberEpoch(1);
        data.topics().add(new OffsetCommitRequestData.OffsetCommitRequestTopic().setName("order-placed")
                .setPartitions(List.of(new OffsetCommitRequestData.OffsetCommitRequestPartition()
                        .setPartitionIndex(0).setCommittedOffset(42))));
        return new OffsetCommitRequest(data, OFFSET_COMMIT_VERSION);
    }

    static FetchRequest fetch() {
        return new FetchRequest(new FetchRequestData().setMaxWaitMs(0).setMinBytes(1).setReplicaId(-1), FETCH_VERSION);
    }

    /** Sends the request with this correlation id and returns the header to read its response with. */
    RequestHeader send(AbstractRequest request, int correlationId) throws IOException {
        RequestHeader header = new RequestHeader(request.apiKey(), request.version(), "raw-client", correlationId);
        ByteBuffer frame = request.serializeWithHeader(header);
        KafkaFrames.write(out, frame);
        return header;
    }

    /** The bytes sent for this request, as the broker should receive them. */
    static ByteBuffer frame(AbstractRequest request, int correlationId) {
        return request.serializeWithHeader(new RequestHeader(request.apiKey(), request.version(), "raw-client", correlationId));
    }

    /** The next response frame, or empty when the connection was closed. */
    Optional<ByteBuffer> nextFrame() throws IOException {
        try {
            return KafkaFrames.read(in);
        } catch (SocketException reset) {
            return Optional.empty();
        }
    }

    /** The next response, parsed for the request of {@code header} (Kafka checks the correlation id). */
    AbstractResponse next(RequestHeader header) throws IOException {
        ByteBuffer frame = nextFrame().orElseThrow(() -> new IOException("connection closed before the response to "
                + header.correlationId()));
        return AbstractResponse.parseResponse(frame, header);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
