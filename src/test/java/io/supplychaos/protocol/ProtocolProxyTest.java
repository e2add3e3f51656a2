package io.supplychaos.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.FetchResponse;
import org.apache.kafka.common.requests.OffsetCommitResponse;
import org.apache.kafka.common.requests.ProduceResponse;
import org.apache.kafka.common.requests.RequestHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The proxy between a client and a loopback broker, both speaking Kafka's protocol through Kafka's own
 * request and response classes: what passes untouched, what each rule does, and that responses reach
 * the client in request order with the right correlation ids when requests are pipelined.
 */
class ProtocolProxyTest {

    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");

    private FakeBroker broker;
    private ProtocolRules rules;
    private ProtocolProxy proxy;

    @BeforeEach
    void start() throws IOException {
        broker = new FakeBroker();
        rules = new ProtocolRules(new Random(7), Clock.fixed(NOW, ZoneOffset.UTC));
        proxy = ProtocolProxy.start("broker-1", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                broker.address(), rules);
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        broker.close();
    }

    @Test
    void withoutRulesPipelinedRequestsAndTheirResponsesPassByteForByte() throws IOException {
        // given no rule, when three requests of three APIs are sent before any response is read
        try (RawClient client = new RawClient(proxy.port())) {
            List<RequestHeader> headers = List.of(
                    client.send(RawClient.produce((short) -1), 1),
                    client.send(RawClient.offsetCommit(), 2),
                    client.send(RawClient.fetch(), 3));
            List<ByteBuffer> got = new ArrayList<>();
            for (RequestHeader ignored : headers) {
                got.add(client.nextFrame().orElseThrow());
            }
            // then the broker received exactly the client's bytes and the client exactly the broker's
            assertThat(broker.received).containsExactly(RawClient.frame(RawClient.produce((short) -1), 1),
                    RawClient.frame(RawClient.offsetCommit(), 2), RawClient.frame(RawClient.fetch(), 3));
            assertThat(got).containsExactlyElementsOf(broker.sent);
        }
    }

    @Test
    void anAnswerRuleRepliesWithTheRequestsOwnErrorResponseAndNeverForwardsIt() throws IOException {
        // given Produce answered with NOT_LEADER_OR_FOLLOWER
        rules.set(List.of(ProtocolRule.always(ApiKeys.PRODUCE, new ProtocolAction.Answer(Errors.NOT_LEADER_OR_FOLLOWER))));
        try (RawClient client = new RawClient(proxy.port())) {
            // when a produce is sent, then a fetch
            ProduceResponse produced = (ProduceResponse) client.next(client.send(RawClient.produce((short) -1), 5));
            AbstractResponse fetched = client.next(client.send(RawClient.fetch(), 6));
            // then the produce got the error for its partition, the broker never saw it, the fetch went through
            assertThat(produced.data().responses().iterator().next().partitionResponses().get(0).errorCode())
                    .isEqualTo(Errors.NOT_LEADER_OR_FOLLOWER.code());
            assertThat(broker.handled).containsExactly(ApiKeys.FETCH);
            assertThat(fetched.errorCounts()).containsKey(Errors.COORDINATOR_LOAD_IN_PROGRESS);
            assertThat(rules.acted()).isEqualTo(1);
        }
    }

    @Test
    void anOffsetCommitIsAnsweredWithRebalanceInProgress() throws IOException {
        rules.set(List.of(ProtocolRule.always(ApiKeys.OFFSET_COMMIT, new ProtocolAction.Answer(Errors.REBALANCE_IN_PROGRESS))));
        try (RawClient client = new RawClient(proxy.port())) {
            OffsetCommitResponse committed = (OffsetCommitResponse) client.next(client.send(RawClient.offsetCommit(), 9));
            assertThat(committed.errorCounts()).containsOnlyKeys(Errors.REBALANCE_IN_PROGRESS);
            assertThat(broker.handled).isEmpty();
        }
    }

    @Test
    void anAnswerMadeByTheProxyWaitsForTheBrokersAnswersToTheRequestsBeforeIt() throws IOException {
        // given a slow broker and OffsetCommit answered by the proxy at once
        broker.delayResponses(Duration.ofMillis(150));
        rules.set(List.of(ProtocolRule.always(ApiKeys.OFFSET_COMMIT, new ProtocolAction.Answer(Errors.REBALANCE_IN_PROGRESS))));
        try (RawClient client = new RawClient(proxy.port())) {
            // when produce, commit, produce are pipelined
            RequestHeader first = client.send(RawClient.produce((short) -1), 11);
            RequestHeader second = client.send(RawClient.offsetCommit(), 12);
            RequestHeader third = client.send(RawClient.produce((short) -1), 13);
            // then the responses come in request order (parseResponse checks each correlation id)
            assertThat(client.next(first)).isInstanceOf(ProduceResponse.class);
            assertThat(client.next(second).errorCounts()).containsOnlyKeys(Errors.REBALANCE_IN_PROGRESS);
            assertThat(client.next(third)).isInstanceOf(ProduceResponse.class);
            assertThat(broker.written()).isEqualTo(2);
        }
    }

    @Test
    void aDroppedProduceResponseIsWrittenByTheBrokerAndTheClientLosesItsConnectionInstead() throws IOException {
        // given Produce responses dropped, and a fetch pipelined ahead of the produce
        rules.set(List.of(ProtocolRule.always(ApiKeys.PRODUCE, new ProtocolAction.DropResponse())));
        try (RawClient client = new RawClient(proxy.port())) {
            RequestHeader fetch = client.send(RawClient.fetch(), 21);
            client.send(RawClient.produce((short) -1), 22);
            // when the responses are read
            AbstractResponse fetched = client.next(fetch);
            // then the fetch's response arrived, the broker wrote the produce, and the connection closed where its ack was
            assertThat(fetched).isInstanceOf(FetchResponse.class);
            assertThat(client.nextFrame()).isEmpty();
            assertThat(broker.written()).isEqualTo(1);
        }
    }

    @Test
    void aResponseDelayHoldsTheResponseBack() throws IOException {
        rules.set(List.of(ProtocolRule.always(ApiKeys.FETCH, new ProtocolAction.DelayResponse(Duration.ofMillis(300)))));
        try (RawClient client = new RawClient(proxy.port())) {
            long start = System.nanoTime();
            client.next(client.send(RawClient.fetch(), 31));
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
            assertThat(broker.handled).containsExactly(ApiKeys.FETCH);
        }
    }

    @Test
    void aRequestDelayHoldsTheRequestBack() throws IOException {
        rules.set(List.of(ProtocolRule.always(ApiKeys.FETCH, new ProtocolAction.DelayRequest(Duration.ofMillis(300)))));
        try (RawClient client = new RawClient(proxy.port())) {
            long start = System.nanoTime();
            client.next(client.send(RawClient.fetch(), 41));
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
        }
    }

    @Test
    void aShareActsOnTheRequestsTheSeededDrawsPick() throws IOException {
        // given half the produces answered with NOT_ENOUGH_REPLICAS, drawn from Random(7)
        rules.set(List.of(ProtocolRule.always(ApiKeys.PRODUCE, new ProtocolAction.Answer(Errors.NOT_ENOUGH_REPLICAS)).withShare(0.5)));
        Random same = new Random(7);
        List<Boolean> expected = new ArrayList<>();
        List<Boolean> answered = new ArrayList<>();
        try (RawClient client = new RawClient(proxy.port())) {
            // when 20 produces are sent one after the other
            for (int i = 0; i < 20; i++) {
                expected.add(same.nextDouble() < 0.5);
                ProduceResponse response = (ProduceResponse) client.next(client.send(RawClient.produce((short) -1), 100 + i));
                answered.add(response.data().responses().iterator().next().partitionResponses().get(0).errorCode()
                        == Errors.NOT_ENOUGH_REPLICAS.code());
            }
        }
        // then exactly the draws below the share were answered, and the others reached the broker
        assertThat(answered).isEqualTo(expected).contains(true, false);
        assertThat(broker.written()).isEqualTo(expected.stream().filter(b -> !b).count());
    }

    @Test
    void aRuleOutsideItsVersionsOrWindowLeavesTheRequestAlone() throws IOException {
        // given one rule on other Produce versions and one whose window has passed
        rules.set(List.of(
                ProtocolRule.always(ApiKeys.PRODUCE, new ProtocolAction.Answer(Errors.NOT_LEADER_OR_FOLLOWER)).withVersions((short) 3, (short) 9),
                ProtocolRule.always(ApiKeys.PRODUCE, new ProtocolAction.Answer(Errors.NOT_ENOUGH_REPLICAS))
                        .within(new ProtocolRule.Window(NOW.minusSeconds(60), NOW))));
        try (RawClient client = new RawClient(proxy.port())) {
            // when a v11 produce is sent now
            ProduceResponse response = (ProduceResponse) client.next(client.send(RawClient.produce((short) -1), 51));
            // then the broker answered it
            assertThat(response.data().responses().iterator().next().partitionResponses().get(0).errorCode()).isZero();
            assertThat(broker.written()).isEqualTo(1);
        }
        // and a window that holds now acts
        rules.set(List.of(ProtocolRule.always(ApiKeys.PRODUCE, new ProtocolAction.Answer(Errors.NOT_ENOUGH_REPLICAS))
                .within(new ProtocolRule.Window(NOW, NOW.plusSeconds(60)))));
        try (RawClient client = new RawClient(proxy.port())) {
            ProduceResponse response = (ProduceResponse) client.next(client.send(RawClient.produce((short) -1), 52));
            assertThat(response.data().responses().iterator().next().partitionResponses().get(0).errorCode())
                    .isEqualTo(Errors.NOT_ENOUGH_REPLICAS.code());
        }
    }

    @Test
    void aProduceWithAcksZeroIsForwardedEvenUnderARuleSinceNoResponseIsAwaited() throws IOException {
        // given Produce answered with an error
        rules.set(List.of(ProtocolRule.always(ApiKeys.PRODUCE, new ProtocolAction.Answer(Errors.NOT_LEADER_OR_FOLLOWER))));
        try (RawClient client = new RawClient(proxy.port())) {
            // when an acks=0 produce and then a fetch are sent
            client.send(RawClient.produce((short) 0), 61);
            AbstractResponse fetched = client.next(client.send(RawClient.fetch(), 62));
            // then the broker got both and the fetch's answer is the next response
            assertThat(fetched).isInstanceOf(FetchResponse.class);
            assertThat(broker.handled).containsExactly(ApiKeys.PRODUCE, ApiKeys.FETCH);
        }
    }
}
