package io.supplychaos.env;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;


/**
 * Where everything of one environment listens, all on 127.0.0.1, derived from one base port
 * (default {@value #DEFAULT_BASE_PORT}, far from the app's 8080):
 * <pre>
 * base + 0        Toxiproxy API
 * base + id       protocol proxy in front of broker id's client listener (network: protocol)
 * base + 10       protocol proxy API (network: protocol)
 * base + 10 + id  controller listener of broker id (always direct)
 * base + 20 + id  replication (inter-broker) listener
 * base + 30 + id  client listener
 * base + 40 + id  client proxy       (advertised to clients when proxied)
 * base + 50 + id  replication proxy  (advertised to other brokers when proxied)
 * base + 60 + id  JMX of broker id (metrics sampling)
 * </pre>
 * Arithmetic, plus a check that a port is free.
 */
public record PortPlan(int basePort, int brokers) {

    public static final int DEFAULT_BASE_PORT = 29000;
    public static final String HOST = "127.0.0.1";
    /** Ports from the base port up to (excluding) base + SPAN may be used. */
    public static final int SPAN = 70;

    /** A port this plan uses and what it is for, so a busy port can be reported by name. */
    public record PlannedPort(int port, String purpose) {
    }

    public PortPlan {
        if (basePort < 1024 || basePort + SPAN > 65535) {
            throw new IllegalArgumentException("base port must be between 1024 and " + (65535 - SPAN) + ", got " + basePort);
        }
        if (brokers < 1 || brokers > EnvSpecReader.MAX_BROKERS) {
            throw new IllegalArgumentException("brokers must be between 1 and " + EnvSpecReader.MAX_BROKERS);
        }
    }

    /** Fails with a message naming the port and its purpose when something on 127.0.0.1 holds it. */
    public static void requireFree(int port, String purpose) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(HOST, port));
        } catch (IOException e) {
            throw new EnvBusyException("port " + port + " (" + purpose + ") is already in use; stop what holds it");
        }
    }

    public int toxiproxyApi() {
        return basePort;
    }

    /** The protocol proxy's control API (network: protocol). */
    public int protocolProxyApi() {
        return basePort + 10;
    }

    /** Where the protocol proxy listens for broker id's client link, the upstream of its client proxy (network: protocol). */
    public int protocolProxy(int brokerId) {
        return basePort + brokerId;
    }

    public int controller(int brokerId) {
        return basePort + 10 + brokerId;
    }

    public int replicationListener(int brokerId) {
        return basePort + 20 + brokerId;
    }

    public int clientListener(int brokerId) {
        return basePort + 30 + brokerId;
    }

    public int jmx(int brokerId) {
        return basePort + 60 + brokerId;
    }

    public int proxy(int brokerId, ProxyLink link) {
        return basePort + (link == ProxyLink.CLIENT ? 40 : 50) + brokerId;
    }

    public int listener(int brokerId, ProxyLink link) {
        return link == ProxyLink.CLIENT ? clientListener(brokerId) : replicationListener(brokerId);
    }

    /** The port other parties are told to use for a link: the proxy's when proxied, else the listener's. */
    public int advertised(int brokerId, ProxyLink link, Network network) {
        return network.throughToxiproxy() ? proxy(brokerId, link) : listener(brokerId, link);
    }

    public String bootstrapServers(Network network) {
        List<String> servers = new ArrayList<>();
        for (int id = 1; id <= brokers; id++) {
            servers.add(HOST + ":" + advertised(id, ProxyLink.CLIENT, network));
        }
        return String.join(",", servers);
    }

    /** Every port an environment with this plan will bind, in start order. */
    public List<PlannedPort> ports(Network network) {
        List<PlannedPort> ports = new ArrayList<>();
        if (network.throughToxiproxy()) {
            ports.add(new PlannedPort(toxiproxyApi(), "Toxiproxy API"));
        }
        if (network.throughProtocolProxy()) {
            ports.add(new PlannedPort(protocolProxyApi(), "protocol proxy API"));
        }
        for (int id = 1; id <= brokers; id++) {
            ports.add(new PlannedPort(controller(id), "broker " + id + " controller listener"));
            ports.add(new PlannedPort(replicationListener(id), "broker " + id + " replication listener"));
            ports.add(new PlannedPort(clientListener(id), "broker " + id + " client listener"));
            ports.add(new PlannedPort(jmx(id), "broker " + id + " JMX"));
            if (network.throughToxiproxy()) {
                ports.add(new PlannedPort(proxy(id, ProxyLink.CLIENT), "broker " + id + " client proxy"));
                ports.add(new PlannedPort(proxy(id, ProxyLink.REPLICATION), "broker " + id + " replication proxy"));
            }
            if (network.throughProtocolProxy()) {
                ports.add(new PlannedPort(protocolProxy(id), "broker " + id + " protocol proxy"));
            }
        }
        return ports;
    }
}
