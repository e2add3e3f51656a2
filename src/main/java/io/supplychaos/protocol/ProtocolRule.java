package io.supplychaos.protocol;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import org.apache.kafka.common.protocol.ApiKeys;

/**
 * One rule of a {@link ProtocolProxy}: the requests it applies to (an API key, a version range), how
 * many of them (a share, drawn per request, and an optional window of time), and what it does to them.
 *
 * @param api          the request's API key
 * @param fromVersion  the lowest request version it applies to
 * @param toVersion    the highest request version it applies to
 * @param share        the share of matching requests it acts on, in (0, 1]
 * @param window       when it acts; empty: whenever it is in place
 * @param action       what it does
 */
public record ProtocolRule(ApiKeys api, short fromVersion, short toVersion, double share,
                           Optional<Window> window, ProtocolAction action) {

    /** A span of time, {@code from} inclusive, {@code until} exclusive. */
    public record Window(Instant from, Instant until) {
        public Window {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(until, "until");
            if (!until.isAfter(from)) {
                throw new IllegalArgumentException("a window must end after it starts: " + from + " .. " + until);
            }
        }

        boolean contains(Instant at) {
            return !at.isBefore(from) && at.isBefore(until);
        }
    }

    public ProtocolRule {
        Objects.requireNonNull(api, "api");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(action, "action");
        if (fromVersion < 0 || toVersion < fromVersion) {
            throw new IllegalArgumentException("versions " + fromVersion + ".." + toVersion + " of " + api
                    + ": expected 0 <= from <= to");
        }
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("share " + share + ": expected more than 0 and at most 1");
        }
        if (action instanceof ProtocolAction.DropResponse && api != ApiKeys.PRODUCE) {
            throw new IllegalArgumentException("dropping a response is for PRODUCE only (the lost acknowledgement), not " + api);
        }
    }

    /** The rule on every version of {@code api}, for every request, whenever it is in place. */
    public static ProtocolRule always(ApiKeys api, ProtocolAction action) {
        return new ProtocolRule(api, (short) 0, Short.MAX_VALUE, 1.0, Optional.empty(), action);
    }

    public ProtocolRule withShare(double newShare) {
        return new ProtocolRule(api, fromVersion, toVersion, newShare, window, action);
    }

    public ProtocolRule withVersions(short from, short to) {
        return new ProtocolRule(api, from, to, share, window, action);
    }

    public ProtocolRule within(Window newWindow) {
        return new ProtocolRule(api, fromVersion, toVersion, share, Optional.of(newWindow), action);
    }

    /** Whether a request of this key and version, at this time, is one it looks at (the share aside). */
    boolean matches(ApiKeys key, short version, Instant now) {
        return key == api && version >= fromVersion && version <= toVersion
                && window.map(w -> w.contains(now)).orElse(true);
    }
}
