package io.supplychaos.chaos;

import java.io.IOException;

import io.supplychaos.env.ProcessControl;
import io.supplychaos.protocol.ProtocolProxyApi;

/**
 * {@code heal}: on the env's own proxies (those {@link FaultBackend#proxyName} names for its
 * brokers' links), every toxic the tool added ({@link NetworkFault#TOXIC_PREFIX}) removed and the
 * proxy enabled ({@link ProxyRepairs}); and SIGCONT to every paused broker. Never Toxiproxy's global {@code /reset}: a
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
        backend.protocolProxy().ifPresent(api -> {
            try {
                api.clear();
            } catch (IOException e) {
                throw ProtocolProxyApi.failed("removing the protocol proxy's rules at " + api.api() + " failed", e);
            }
        });
        for (ProxyRepairs.Repair repair : ProxyRepairs.pending(backend)) {
            ProxyRepairs.apply(backend, repair);
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
