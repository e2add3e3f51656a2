package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Confirmation;
import io.supplychaos.topology.processor.DecodeProcessor;

/** Malformed input: to the dead-letter topic with reason and origin, counted, and the chain keeps going. */
class DeadLetterTopologyTest {

    private ChainDriver chain;

    @BeforeEach
    void start() {
        chain = ChainDriver.start(ChainDriver.smallSettings());
    }

    @AfterEach
    void stop() {
        chain.close();
    }

    @Test
    void shouldSendBadJsonToDeadLetterWithReasonAndOrigin() {
        chain.rawOrders.pipeInput("o1", utf8("{\"orderId\": \"o1\", \"quantity\": "));

        TestRecord<byte[], byte[]> dead = chain.deadLetters.readRecord();
        assertThat(new String(dead.key(), StandardCharsets.UTF_8)).isEqualTo("o1");
        assertThat(new String(dead.value(), StandardCharsets.UTF_8)).isEqualTo("{\"orderId\": \"o1\", \"quantity\": ");
        assertThat(header(dead.headers(), DecodeProcessor.REASON_HEADER)).startsWith("not a valid Order JSON");
        assertThat(header(dead.headers(), DecodeProcessor.TOPIC_HEADER)).isEqualTo("order-placed");
        assertThat(header(dead.headers(), DecodeProcessor.PARTITION_HEADER)).isEqualTo("0");
        assertThat(header(dead.headers(), DecodeProcessor.OFFSET_HEADER)).isEqualTo("0");
    }

    @Test
    void shouldSendARecordMissingFieldsToDeadLetterNamingThem() {
        chain.rawOrders.pipeInput("o1", utf8("{\"orderId\": \"o1\", \"drugId\": \"insulin\"}"));

        assertThat(header(chain.deadLetters.readRecord().headers(), DecodeProcessor.REASON_HEADER))
                .isEqualTo("missing field hospitalId; missing field quantity");
        assertThat(chain.confirmations.isEmpty()).isTrue();
    }

    @Test
    void shouldKeepProcessingGoodRecordsAfterAMalformedOne() {
        chain.rawOrders.pipeInput("bad", utf8("not json at all"));
        chain.rawOrders.pipeInput("bad-type", utf8("{\"orderId\":\"x\",\"hospitalId\":\"h\",\"drugId\":\"insulin\","
                + "\"quantity\":\"many\"}"));
        chain.place(chain.order("o1", "insulin", 1));

        assertThat(chain.deadLetters.readRecordsToList()).hasSize(2);
        assertThat(chain.confirmations.readValuesToList()).extracting(Confirmation::orderId).containsExactly("o1");
        assertThat(TransportTopologyTest.metric(chain, DecodeProcessor.METRIC)).isEqualTo(2.0);
    }

    @Test
    void shouldDeadLetterMalformedRecordsOnInternalTopicsToo() {
        chain.driver.createInputTopic(Topics.DRUG_MANUFACTURED.name(),
                        org.apache.kafka.common.serialization.Serdes.String().serializer(),
                        org.apache.kafka.common.serialization.Serdes.ByteArray().serializer())
                .pipeInput("o9", utf8("{\"orderId\":\"o9\",\"drugId\":\"insulin\"}"));

        assertThat(header(chain.deadLetters.readRecord().headers(), DecodeProcessor.TOPIC_HEADER))
                .isEqualTo("drug-manufactured");
        assertThat(chain.shipments.isEmpty()).as("goods without a batch ship nothing").isTrue();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String header(Headers headers, String name) {
        Header header = headers.lastHeader(name);
        assertThat(header).as("header " + name).isNotNull();
        return new String(header.value(), StandardCharsets.UTF_8);
    }
}
