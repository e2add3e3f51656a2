package io.supplychaos.chaos;

import java.io.IOException;
import java.util.Set;
import java.util.TreeSet;

import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * {@code heal}: on the env's own proxies (those {@link FaultBackend#proxyName} names for its
 * brokers' links), every toxic the tool added ({@link NetworkFault#TOXIC_PREFIX}) removed and the
 * proxy enabled; and SIGCONT to every paused broker. Never Toxiproxy's global {@code /reset}: a
 * Toxiproxy the env shares keeps other proxies and other people's toxics as they are. Brokers that
 * were killed or stopped stay down: start-broker brings them back. Its own heal does nothing.
 */
final class HealAll implements FaultAction {
    private final FaultBackend backend;

    HealAll(FaultBackend backend) {
        this.backend = backend;
    }

    @Override
    public void inject() {
        for (int id : backend.brokerIds()) {
            if (backend.brokerState(id) == ProcessControl.State.PAUSED) {
                backend.resumeBroker(id);
            }
        }
        backend.healNetwork();
        backend.toxiproxy().ifPresent(api -> {
            try {
                healProxies(api, ownProxies());
            } catch (IOException e) {
                throw ToxiproxyApi.failed("cannot heal the proxies at " + api.api(), e);
            }
        });
    }

    /** The env's proxies: each broker's client and replication proxy it has. */
    private Set<String> ownProxies() {
        Set<String> names = new TreeSet<>();
        for (int id : backend.brokerIds()) {
            for (ProxyLink link : ProxyLink.values()) {
                backend.proxyName(id, link).ifPresent(names::add);
            }
        }
        return names;
    }

    private static void healProxies(ToxiproxyApi api, Set<String> own) throws IOException {
        for (ToxiproxyApi.Proxy proxy : api.proxies()) {
            if (!own.contains(proxy.name())) {
                continue;
            }
            for (var toxic : proxy.toxics()) {
                String name = toxic.path("name").asText();
                if (name.startsWith(NetworkFault.TOXIC_PREFIX)) {
                    api.removeToxic(proxy.name(), name);
                }
            }
            if (!proxy.enabled()) {
                api.setEnabled(proxy.name(), true);
            }
        }
    }

    @Override
    public void heal() {
        // heal is the repair itself
    }

    @Override
    public String describe() {
        return "heal";
    }
}
