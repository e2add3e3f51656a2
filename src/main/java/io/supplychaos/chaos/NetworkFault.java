package io.supplychaos.chaos;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.supplychaos.env.ProxyLink;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * A Toxiproxy fault on the client and/or replication proxies of one or all brokers: a toxic per
 * proxy and stream, or the proxy disabled, as the fault's file maps it ({@link OnToxiproxy}: a
 * latency toxic for delay, the proxy disabled for cut, ...). Toxics are named {@code supply-chaos-<verb>-<stream>}, so heal removes exactly this
 * fault's toxics (and a second fault of the same verb on the same proxy replaces the first).
 * Inject applies to every proxy or to none: when one fails midway, what was applied is undone.
 */
final class NetworkFault implements FaultAction {
    private static final List<String> STREAMS = List.of("upstream", "downstream");

    /**
     * The start of every toxic's name the tool adds ({@code supply-chaos-<verb>-<stream>}): {@code heal}
     * removes the toxics so named and no other, on a Toxiproxy others may use too.
     */
    static final String TOXIC_PREFIX = "supply-chaos-";

    private final boolean disablesProxy;
    private final String description;
    private final ToxiproxyApi api;
    private final List<String> proxies;
    private final List<ToxiproxyApi.Toxic> toxics;

    private NetworkFault(FaultType type, String description, ToxiproxyApi api, List<String> proxies, List<ToxiproxyApi.Toxic> toxics) {
        this.disablesProxy = type.network().onToxiproxy().disablesProxy();
        this.description = description;
        this.api = api;
        this.proxies = List.copyOf(proxies);
        this.toxics = List.copyOf(toxics);
    }

    static NetworkFault bind(FaultSpec spec, FaultBackend backend, List<Integer> brokers) {
        ToxiproxyApi api = backend.toxiproxy().orElseThrow(() -> new IllegalArgumentException(
                spec.type().cliName() + " needs Toxiproxy, but " + backend.describe() + " is not proxied (network: direct)"));
        List<ToxiproxyApi.Toxic> toxics = toxics(spec);
        List<String> proxies = new ArrayList<>();
        for (int broker : brokers) {
            for (ProxyLink link : links(spec)) {
                proxies.add(backend.proxyName(broker, link).orElseThrow(() -> new IllegalArgumentException(
                        "no " + link.yamlName() + " proxy for broker " + broker + " in " + backend.describe())));
            }
        }
        String where = brokers.equals(backend.brokerIds()) && brokers.size() > 1 ? "all brokers" : "broker " + brokers.get(0);
        return new NetworkFault(spec.type(), FaultText.network(spec, where), api, proxies, toxics);
    }

    /** The proxies' links the spec names: {@code link: client} (default), {@code replication} or {@code both}. */
    static List<ProxyLink> links(FaultSpec spec) {
        String link = spec.attribute("link", "client");
        return switch (link) {
            case "client" -> List.of(ProxyLink.CLIENT);
            case "replication" -> List.of(ProxyLink.REPLICATION);
            case "both" -> List.of(ProxyLink.CLIENT, ProxyLink.REPLICATION);
            default -> throw new IllegalArgumentException("link must be client, replication or both, got '" + link + "'");
        };
    }

    /** The toxics the spec puts on each of its proxies, as its fault file maps it; none for a disabled proxy (cut). */
    static List<ToxiproxyApi.Toxic> toxics(FaultSpec spec) {
        OnToxiproxy toxiproxy = spec.type().network().onToxiproxy();
        if (toxiproxy.disablesProxy()) {
            if (spec.attributes().containsKey("stream") || spec.attributes().containsKey("toxicity")) {
                throw new IllegalArgumentException(spec.type().cliName()
                        + " disables the whole proxy: it takes no stream or toxicity");
            }
            return List.of();
        }
        Map<String, Long> attributes = toxiproxy.attributes().apply(spec);
        double toxicity = toxicity(spec);
        String stream = spec.attribute("stream", "downstream");
        List<String> streams = switch (stream) {
            case "upstream", "downstream" -> List.of(stream);
            case "both" -> STREAMS;
            default -> throw new IllegalArgumentException("stream must be upstream, downstream or both, got '" + stream + "'");
        };
        return streams.stream()
                .map(s -> new ToxiproxyApi.Toxic(TOXIC_PREFIX + spec.type().cliName() + "-" + s, toxiproxy.toxic(), s, toxicity,
                        attributes))
                .toList();
    }

    private static double toxicity(FaultSpec spec) {
        String text = spec.attribute("toxicity", "1");
        try {
            double value = Double.parseDouble(text);
            if (value >= 0 && value <= 1) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below with the expected range
        }
        throw new IllegalArgumentException("toxicity must be a number from 0 to 1, got '" + text + "'");
    }

    List<String> proxies() {
        return proxies;
    }

    List<ToxiproxyApi.Toxic> toxicsPerProxy() {
        return toxics;
    }

    @Override
    public void inject() {
        List<String> applied = new ArrayList<>();
        try {
            for (String proxy : proxies) {
                applied.add(proxy);
                apply(proxy);
            }
        } catch (IOException e) {
            applied.forEach(this::undoQuietly);
            throw ToxiproxyApi.failed(description + " failed on " + applied.get(applied.size() - 1) + " and was undone", e);
        }
    }

    @Override
    public void heal() {
        IOException first = null;
        for (String proxy : proxies) {
            try {
                undo(proxy);
            } catch (IOException e) {
                // heal the other proxies anyway, then report
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw ToxiproxyApi.failed("healing " + description + " failed", first);
        }
    }

    private void apply(String proxy) throws IOException {
        if (disablesProxy) {
            api.setEnabled(proxy, false);
        } else {
            for (ToxiproxyApi.Toxic toxic : toxics) {
                api.putToxic(proxy, toxic);
            }
        }
    }

    private void undo(String proxy) throws IOException {
        if (disablesProxy) {
            api.setEnabled(proxy, true);
        } else {
            for (ToxiproxyApi.Toxic toxic : toxics) {
                api.removeToxic(proxy, toxic.name());
            }
        }
    }

    private void undoQuietly(String proxy) {
        try {
            undo(proxy);
        } catch (IOException ignored) {
            // best effort: the failure that made us undo is the one reported
        }
    }

    @Override
    public String describe() {
        return description;
    }
}
