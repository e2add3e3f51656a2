package io.supplychaos.metrics;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMISocketFactory;
import java.time.Duration;

import io.supplychaos.time.Timeouts;

/**
 * Client sockets for JMX over RMI that cannot wait for ever: connecting takes at most {@code connect},
 * and no read waits longer than {@code read}, whatever RMI asks for. RMI sets a socket's read timeout
 * itself (its handshake's 60 s, then none at all for the calls), and a paused broker's JVM accepts a
 * connection through its kernel and never answers, so without a cap a read of it blocks its thread
 * until the broker resumes. The cap is kept by the socket: {@link Socket#setSoTimeout} takes the
 * smaller of what is asked and the cap, 0 (no timeout) counting as the cap.
 */
final class TimedSockets implements RMIClientSocketFactory, Serializable {

    private static final long serialVersionUID = 1L;

    private final int connectMillis;
    private final int readMillis;

    TimedSockets(Duration connect, Duration read) {
        this.connectMillis = Math.toIntExact(connect.toMillis());
        this.readMillis = Math.toIntExact(read.toMillis());
    }

    /** The tool's own: {@link Timeouts#JMX_CONNECT} and {@link Timeouts#JMX_READ}. */
    static TimedSockets standard() {
        return new TimedSockets(Timeouts.JMX_CONNECT, Timeouts.JMX_READ);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        Socket socket = new CappedSocket(readMillis);
        try {
            socket.connect(new InetSocketAddress(host, port), connectMillis);
            socket.setSoTimeout(readMillis);
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /**
     * Makes these the sockets of every RMI stub that names no factory of its own (the JMX connector a
     * broker's {@code com.sun.management.jmxremote.port} exports, and the connections it hands out),
     * once per JVM and only when nothing else installed one: RMI takes a JVM-wide factory or none.
     * Server sockets stay RMI's default. Without it, single-flight reads still bound the threads a
     * paused broker holds to one ({@link BrokerMetrics}).
     */
    static synchronized void installForRmi() {
        if (RMISocketFactory.getSocketFactory() != null) {
            return;
        }
        TimedSockets sockets = standard();
        try {
            RMISocketFactory.setSocketFactory(new RMISocketFactory() {
                @Override
                public Socket createSocket(String host, int port) throws IOException {
                    return sockets.createSocket(host, port);
                }

                @Override
                public ServerSocket createServerSocket(int port) throws IOException {
                    return RMISocketFactory.getDefaultSocketFactory().createServerSocket(port);
                }
            });
        } catch (IOException e) {
            // another thread installed one between the check and the set: that one serves
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TimedSockets that && that.connectMillis == connectMillis && that.readMillis == readMillis;
    }

    @Override
    public int hashCode() {
        return 31 * connectMillis + readMillis;
    }

    /** A socket whose read timeout never exceeds its cap. */
    private static final class CappedSocket extends Socket {

        private final int capMillis;

        CappedSocket(int capMillis) {
            this.capMillis = capMillis;
        }

        @Override
        public synchronized void setSoTimeout(int timeout) throws SocketException {
            super.setSoTimeout(timeout <= 0 ? capMillis : Math.min(timeout, capMillis));
        }
    }
}
