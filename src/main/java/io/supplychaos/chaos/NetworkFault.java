package io.supplychaos.chaos;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.supplychaos.env.ProxyLink;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * A Toxiproxy fault on the client and/or replication proxies of one or all brokers: a toxic per
 * proxy and stream (latency, bandwidth, reset_peer, timeout, slicer), or the proxy disabled for
 * {@code cut}. Toxics are named {@code chaos-<verb>-<stream>}, so heal removes exactly this
 * fault's toxics (and a second fault of the same verb on the same proxy replaces the first).
 * Inject applies to every proxy or to none: when one fails midway, what was applied is undone.
 */
final class NetworkFault implements FaultAction {
    private static final List<String> STREAMS = List.of("upstream", "downstream");

    private final FaultType type;
    private final String description;
    private final ToxiproxyApi api;
    private final List<String> proxies;
    private final List<ToxiproxyApi.Toxic> toxics;

    private NetworkFault(FaultType type, String description, ToxiproxyApi api, List<String> proxies, List<ToxiproxyApi.Toxic> toxics) {
        this.type = type;
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

    /** The toxics the spec puts on each of its proxies; none for {@code cut}, which disables them. */
    static List<ToxiproxyApi.Toxic> toxics(FaultSpec spec) {
        if (spec.type() == FaultType.CUT) {
            if (spec.attributes().containsKey("stream") || spec.attributes().containsKey("toxicity")) {
                throw new IllegalArgumentException("cut disables the whole proxy: it takes no stream or toxicity");
            }
            return List.of();
        }
        Map<String, Long> attributes = new LinkedHashMap<>();
        String toxicType = switch (spec.type()) {
            case DELAY -> {
                attributes.put("latency", number(spec, "ms", null, 0));
                attributes.put("jitter", number(spec, "jitter", 0L, 0));
                yield "latency";
            }
            case BANDWIDTH -> {
                attributes.put("rate", number(spec, "kbps", null, 1));
                yield "bandwidth";
            }
            case RESET_PEER -> {
                attributes.put("timeout", number(spec, "timeout", 0L, 0));
                yield "reset_peer";
            }
            case TIMEOUT -> {
                attributes.put("timeout", number(spec, "ms", null, 0));
                yield "timeout";
            }
            case SLICE -> {
                attributes.put("average_size", number(spec, "averageSize", 1024L, 1));
                attributes.put("size_variation", number(spec, "sizeVariation", 0L, 0));
                attributes.put("delay", number(spec, "delayUs", 0L, 0));
                if (attributes.get("size_variation") >= attributes.get("average_size")) {
                    throw new IllegalArgumentException("slice: sizeVariation must be smaller than averageSize");
                }
                yield "slicer";
            }
            default -> throw new IllegalArgumentException(spec.type().cliName() + " is not a network fault");
        };
        double toxicity = toxicity(spec);
        String stream = spec.attribute("stream", "downstream");
        List<String> streams = switch (stream) {
            case "upstream", "downstream" -> List.of(stream);
            case "both" -> STREAMS;
            default -> throw new IllegalArgumentException("stream must be upstream, downstream or both, got '" + stream + "'");
        };
        return streams.stream()
                .map(s -> new ToxiproxyApi.Toxic("chaos-" + spec.type().cliName() + "-" + s, toxicType, s, toxicity, attributes))
                .toList();
    }

    private static long number(FaultSpec spec, String name, Long fallback, long min) {
        String text = spec.attributes().get(name);
        if (text == null) {
            if (fallback == null) {
                throw new IllegalArgumentException(spec.type().cliName() + " needs " + name);
            }
            return fallback;
        }
        try {
            long value = Long.parseLong(text.trim());
            if (value >= min) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below with the expected range
        }
        throw new IllegalArgumentException(spec.type().cliName() + ": " + name + " must be a whole number >= " + min + ", got '" + text + "'");
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
        if (type == FaultType.CUT) {
            api.setEnabled(proxy, false);
        } else {
            for (ToxiproxyApi.Toxic toxic : toxics) {
                api.putToxic(proxy, toxic);
            }
        }
    }

    private void undo(String proxy) throws IOException {
        if (type == FaultType.CUT) {
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
