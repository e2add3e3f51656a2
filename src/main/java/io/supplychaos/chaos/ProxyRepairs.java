package io.supplychaos.chaos;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.supplychaos.env.ProxyLink;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * What a heal changes on the env's own Toxiproxy proxies (those {@link FaultBackend#proxyName} names
 * for its brokers' links), found before it is done so that it can be listed: each toxic the tool
 * added ({@link NetworkFault#TOXIC_PREFIX}) removed, each of those proxies that is disabled enabled.
 * Other proxies, and toxics others put on any proxy, are not looked at. Never Toxiproxy's global
 * {@code /reset}.
 */
public final class ProxyRepairs {

    /**
     * One change on one proxy.
     *
     * @param proxy the proxy's name
     * @param toxic the tool's toxic to remove, or null: the proxy is to be enabled
     */
    public record Repair(String proxy, String toxic) {

        /** "remove toxic supply-chaos-delay-downstream from proxy broker-1-client". */
        public String describe() {
            return toxic == null ? "enable proxy " + proxy + " (disabled)" : "remove toxic " + toxic + " from proxy " + proxy;
        }
    }

    private ProxyRepairs() {
    }

    /** The repairs the env's proxies need now; none when the env has no Toxiproxy. */
    public static List<Repair> pending(FaultBackend backend) {
        List<Repair> repairs = new ArrayList<>();
        backend.toxiproxy().ifPresent(api -> {
            Set<String> own = ownProxies(backend);
            try {
                for (ToxiproxyApi.Proxy proxy : api.proxies()) {
                    if (!own.contains(proxy.name())) {
                        continue;
                    }
                    for (var toxic : proxy.toxics()) {
                        String name = toxic.path("name").asText();
                        if (name.startsWith(NetworkFault.TOXIC_PREFIX)) {
                            repairs.add(new Repair(proxy.name(), name));
                        }
                    }
                    if (!proxy.enabled()) {
                        repairs.add(new Repair(proxy.name(), null));
                    }
                }
            } catch (IOException e) {
                throw ToxiproxyApi.failed("cannot read the proxies at " + api.api(), e);
            }
        });
        return repairs;
    }

    /** Makes one repair. */
    public static void apply(FaultBackend backend, Repair repair) {
        ToxiproxyApi api = backend.toxiproxy().orElseThrow(() -> new IllegalStateException(backend.describe() + " has no Toxiproxy"));
        try {
            if (repair.toxic() == null) {
                api.setEnabled(repair.proxy(), true);
            } else {
                api.removeToxic(repair.proxy(), repair.toxic());
            }
        } catch (IOException e) {
            throw ToxiproxyApi.failed("cannot " + repair.describe() + " at " + api.api(), e);
        }
    }

    /** The env's proxies: each broker's client and replication proxy it has. */
    private static Set<String> ownProxies(FaultBackend backend) {
        Set<String> names = new TreeSet<>();
        for (int id : backend.brokerIds()) {
            for (ProxyLink link : ProxyLink.values()) {
                backend.proxyName(id, link).ifPresent(names::add);
            }
        }
        return names;
    }
}
