package io.supplychaos.protocol;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Kafka-protocol-aware TCP proxy for one link: it listens on a port, opens a connection to the
 * broker for each client connection, forwards every frame unchanged both ways, and applies its
 * {@link ProtocolRules} to the requests they select (answer with an error, delay a request or its
 * response, drop a Produce response after the broker wrote it). Plain-text listeners only: it reads
 * the bytes, so TLS or SASL's encrypted frames are out of its reach.
 */
public final class ProtocolProxy implements Closeable {

    private final String name;
    private final ServerSocket server;
    private final InetSocketAddress upstream;
    private final ProtocolRules rules;
    private final Set<ProxyConnection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger accepted = new AtomicInteger();

    private ProtocolProxy(String name, ServerSocket server, InetSocketAddress upstream, ProtocolRules rules) {
        this.name = name;
        this.server = server;
        this.upstream = upstream;
        this.rules = rules;
    }

    /** Listens on {@code listen} (port 0: any free one) and starts accepting connections. */
    public static ProtocolProxy start(String name, InetSocketAddress listen, InetSocketAddress upstream,
                                      ProtocolRules rules) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(listen);
        ProtocolProxy proxy = new ProtocolProxy(Objects.requireNonNull(name, "name"), server,
                Objects.requireNonNull(upstream, "upstream"), Objects.requireNonNull(rules, "rules"));
        Thread acceptor = new Thread(proxy::accept, "protocol-proxy-" + name);
        acceptor.setDaemon(true);
        acceptor.start();
        return proxy;
    }

    public String name() {
        return name;
    }

    public int port() {
        return server.getLocalPort();
    }

    public InetSocketAddress upstream() {
        return upstream;
    }

    public ProtocolRules rules() {
        return rules;
    }

    /** Connections open now. */
    public int connections() {
        return connections.size();
    }

    private void accept() {
        while (!server.isClosed()) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException closed) {
                return;
            }
            Socket broker = new Socket();
            try {
                client.setTcpNoDelay(true);
                broker.setTcpNoDelay(true);
                broker.connect(upstream);
            } catch (IOException refused) {
                // the broker is down: the client sees its connection closed, as it would have been refused
                closeQuietly(client);
                closeQuietly(broker);
                continue;
            }
            ProxyConnection[] self = new ProxyConnection[1];
            self[0] = new ProxyConnection(client, broker, rules, () -> connections.remove(self[0]));
            connections.add(self[0]);
            self[0].start("protocol-proxy-" + name + "-" + accepted.incrementAndGet());
        }
    }

    @Override
    public void close() {
        closeQuietly(server);
        connections.forEach(ProxyConnection::close);
    }

    private static void closeQuietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException ignored) {
            // closing: nothing more to do with it
        }
    }
}
