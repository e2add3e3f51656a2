package io.supplychaos.app;

import java.util.Optional;

import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Where a GET for one key is answered: here, at the instance whose active task holds the key, or
 * nowhere yet (503 with Retry-After). Decided from Streams' metadata for the key and this
 * instance's own {@code application.server}.
 */
sealed interface KeyRoute {

    /** This instance holds the key (or is the only one: no {@code application.server} set). */
    record Local() implements KeyRoute {
    }

    /** Another instance's active task holds the key. */
    record Forward(HostInfo owner) implements KeyRoute {
    }

    /** No instance can answer for the key now (a rebalance, a task moving, Streams not running). */
    record Unavailable(String reason) implements KeyRoute {
    }

    /**
     * @param metadata  Streams' answer for the key, {@link KeyQueryMetadata#NOT_AVAILABLE} while unknown
     * @param self      this instance's {@code application.server}; empty when not set
     * @param forwarded the request came from another instance: it is answered here or refused, never
     *                  forwarded again (two instances whose metadata disagree would otherwise bounce it)
     */
    static KeyRoute decide(KeyQueryMetadata metadata, Optional<HostInfo> self, boolean forwarded) {
        if (self.isEmpty()) {
            // no application.server: Streams keeps no host metadata, and there is nobody to forward to
            return new Local();
        }
        HostInfo owner = metadata == null ? null : metadata.activeHost();
        if (owner == null || metadata == KeyQueryMetadata.NOT_AVAILABLE || owner.equals(HostInfo.unavailable())) {
            return new Unavailable("the instance holding the key is not known yet (rebalancing)");
        }
        if (owner.equals(self.get())) {
            return new Local();
        }
        if (forwarded) {
            return new Unavailable("forwarded here, but the key is held by " + owner.host() + ":" + owner.port()
                    + " now (a rebalance moved it)");
        }
        return new Forward(owner);
    }
}
