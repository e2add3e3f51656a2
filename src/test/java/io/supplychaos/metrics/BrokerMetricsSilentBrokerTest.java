package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.env.MetricsSource;

/**
 * A broker whose JMX port accepts connections and never answers, as a paused (SIGSTOP) broker's
 * does: the kernel completes the handshake, the JVM never reads. Sampling it every second must not
 * pile up reader threads, and a read of it must end on its own.
 */
class BrokerMetricsSilentBrokerTest {

    private ServerSocket silent;
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();
    private Thread acceptor;

    @BeforeEach
    void startSilentBroker() throws IOException {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(() -> {
            while (!silent.isClosed()) {
                try {
                    accepted.add(silent.accept()); // and never a byte back
                } catch (IOException e) {
                    return;
                }
            }
        }, "silent-broker");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    @AfterEach
    void stopSilentBroker() throws Exception {
        silent.close();
        for (Socket socket : accepted) {
            socket.close();
        }
        acceptor.join(5000);
    }

    private MetricsSource source() {
        return MetricsSource.jmx(Map.of(1, "127.0.0.1:" + silent.getLocalPort()), null, null);
    }

    private static long readerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && thread.getName().startsWith("broker-metrics")).count();
    }

    @Test
    void givenABrokerThatNeverAnswers_whenSampledManyTimes_thenAtMostOneReadOfItIsPendingAndEachSampleLeavesItOut() {
        long before = readerThreads();
        try (BrokerMetrics metrics = BrokerMetrics.open(source(), System::currentTimeMillis, Duration.ofMillis(20))) {
            for (int i = 0; i < 30; i++) {
                assertThat(metrics.sample()).isEqualTo(BrokerMetrics.Sample.EMPTY);
            }

            assertThat(readerThreads() - before).as("reader threads after 30 samples of one silent broker").isLessThanOrEqualTo(1);
            assertThat(metrics.pendingReads()).isEqualTo(1);
        }
    }

    @Test
    void givenABrokerThatNeverAnswers_whenReadOverJmx_thenTheReadFailsWithinItsTimeoutInsteadOfHanging() {
        try (JmxReader reader = new JmxReader(source(), new TimedSockets(Duration.ofMillis(500), Duration.ofMillis(300)))) {
            long start = System.nanoTime();

            assertThatThrownBy(() -> reader.read(1)).hasRootCauseInstanceOf(SocketTimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    void givenTimedSockets_whenRmiAsksForNoTimeoutOrALongerOne_thenTheCapStays() throws IOException {
        TimedSockets sockets = new TimedSockets(Duration.ofMillis(500), Duration.ofMillis(300));
        try (Socket socket = sockets.createSocket("127.0.0.1", silent.getLocalPort())) {
            socket.setSoTimeout(0); // what RMI sets after its handshake when no response timeout is configured
            assertThat(socket.getSoTimeout()).isEqualTo(300);
            socket.setSoTimeout(60_000); // its handshake timeout
            assertThat(socket.getSoTimeout()).isEqualTo(300);
            socket.setSoTimeout(100);
            assertThat(socket.getSoTimeout()).isEqualTo(100);
            assertThatThrownBy(() -> socket.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
        }
    }
}
