package io.supplychaos.chaos;

import java.io.IOException;

import io.supplychaos.env.ProcessControl;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * {@code heal}: Toxiproxy's reset (every toxic removed, every proxy enabled, whoever added them) and
 * SIGCONT to every paused broker. Brokers that were killed or stopped stay down: start-broker brings
 * them back. Its own heal does nothing.
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
                api.reset();
            } catch (IOException e) {
                throw ToxiproxyApi.failed("cannot reset Toxiproxy at " + api.api(), e);
            }
        });
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
