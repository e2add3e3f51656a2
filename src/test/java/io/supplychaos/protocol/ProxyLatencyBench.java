package io.supplychaos.protocol;

import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;

import org.apache.kafka.common.requests.ProduceResponse;
import org.apache.kafka.common.requests.RequestHeader;

/**
 * What each proxy adds to a produce round trip on a running c1-protocol env: one connection per path,
 * {@code count} Produce requests (v11, acks=1, one record of two bytes to order-placed:0) sent one after
 * the other, each timed from its send to its response, after a warm-up of {@code count / 5}.
 * Arguments: {@code count} then {@code name=port} per path (direct=base+31, toxiproxy=a Toxiproxy
 * proxy straight to the broker, both=base+41). Prints p50, p99 and the mean per path, in microseconds.
 * A benchmark, run by hand (docs/PERFORMANCE.md), not a test.
 */
public final class ProxyLatencyBench {

    private ProxyLatencyBench() {
    }

    public static void main(String[] args) throws IOException {
        int count = Integer.parseInt(args[0]);
        for (int round = 0; round < 2; round++) {
            for (int i = 1; i < args.length; i++) {
                String[] path = args[i].split("=");
                long[] micros = measure(Integer.parseInt(path[1]), count);
                Arrays.sort(micros);
                System.out.printf(Locale.ROOT, "round %d %-10s n=%d p50=%d us p99=%d us mean=%.0f us%n", round + 1, path[0],
                        count, micros[count / 2], micros[(int) Math.ceil(count * 0.99) - 1],
                        Arrays.stream(micros).average().orElseThrow());
            }
        }
    }

    private static long[] measure(int port, int count) throws IOException {
        long[] micros = new long[count];
        try (RawClient client = new RawClient(port)) {
            int correlation = 0;
            for (int i = 0; i < count / 5; i++) {
                roundTrip(client, ++correlation);
            }
            for (int i = 0; i < count; i++) {
                long start = System.nanoTime();
                roundTrip(client, ++correlation);
                micros[i] = (System.nanoTime() - start) / 1000;
            }
        }
        return micros;
    }

    private static void roundTrip(RawClient client, int correlation) throws IOException {
        RequestHeader header = client.send(RawClient.produce((short) 1), correlation);
        ProduceResponse response = (ProduceResponse) client.next(header);
        short error = response.data().responses().iterator().next().partitionResponses().get(0).errorCode();
        if (error != 0) {
            throw new IOException("produce answered error " + error);
        }
    }
}
