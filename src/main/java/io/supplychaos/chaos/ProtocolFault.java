package io.supplychaos.chaos;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.supplychaos.protocol.ProtocolProxyApi;
import io.supplychaos.protocol.ProtocolRule;

/**
 * A protocol fault on the client links of one or all brokers: the fault's rules put on each link of
 * the env's protocol proxy under the fault's name ({@code protocol-error}, ...), so a second fault of
 * the same verb on a link replaces the first and its heal removes exactly its own. Inject applies to
 * every link or to none: when one fails midway, what was applied is undone.
 */
final class ProtocolFault implements FaultAction {

    private final String name;
    private final String description;
    private final ProtocolProxyApi api;
    private final List<String> links;
    private final List<ProtocolRule> rules;

    private ProtocolFault(String name, String description, ProtocolProxyApi api, List<String> links, List<ProtocolRule> rules) {
        this.name = name;
        this.description = description;
        this.api = api;
        this.links = List.copyOf(links);
        this.rules = List.copyOf(rules);
    }

    static ProtocolFault bind(FaultSpec spec, FaultBackend backend, List<Integer> brokers) {
        ProtocolProxyApi api = backend.protocolProxy().orElseThrow(() -> new IllegalArgumentException(
                spec.type().cliName() + " needs the protocol proxy of an embedded env with network: protocol, and "
                        + backend.describe() + " has none"));
        List<ProtocolRule> rules = spec.type().protocol().rules(spec);
        String where = brokers.equals(backend.brokerIds()) && brokers.size() > 1 ? "all brokers" : "broker " + brokers.get(0);
        return new ProtocolFault(spec.type().cliName(), spec.type().what(spec) + ", client links, " + where, api,
                brokers.stream().map(backend::protocolLink).toList(), rules);
    }

    List<String> links() {
        return links;
    }

    List<ProtocolRule> rules() {
        return rules;
    }

    @Override
    public void inject() {
        List<String> applied = new ArrayList<>();
        try {
            for (String link : links) {
                applied.add(link);
                api.put(link, name, rules);
            }
        } catch (IOException e) {
            applied.forEach(this::removeQuietly);
            throw ProtocolProxyApi.failed(description + " failed on " + applied.get(applied.size() - 1) + " and was undone", e);
        }
    }

    @Override
    public void heal() {
        IOException first = null;
        for (String link : links) {
            try {
                api.remove(link, name);
            } catch (IOException e) {
                // heal the other links anyway, then report
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw ProtocolProxyApi.failed("healing " + description + " failed", first);
        }
    }

    private void removeQuietly(String link) {
        try {
            api.remove(link, name);
        } catch (IOException ignored) {
            // best effort: the failure that made us undo is the one reported
        }
    }

    @Override
    public String describe() {
        return description;
    }
}
