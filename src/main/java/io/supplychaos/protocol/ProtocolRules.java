package io.supplychaos.protocol;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.kafka.common.protocol.ApiKeys;

/**
 * The rules in place on one proxied link, replaced whole and read by every connection of the link.
 * A request is acted on by the first rule that matches its API key, version and the time, and whose
 * share the draw falls in (one draw of the injected {@link Random} per matching rule, so a seed
 * repeats the same choices for the same sequence of requests).
 */
public final class ProtocolRules {

    private final Random random;
    private final Clock clock;
    private final AtomicLong acted = new AtomicLong();
    private volatile List<ProtocolRule> rules = List.of();

    public ProtocolRules(Random random, Clock clock) {
        this.random = Objects.requireNonNull(random, "random");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Replaces the rules in place; an empty list lets every request and response through as it is. */
    public void set(List<ProtocolRule> next) {
        rules = List.copyOf(next);
    }

    public void clear() {
        rules = List.of();
    }

    public List<ProtocolRule> current() {
        return rules;
    }

    /** How many requests a rule acted on since this link started. */
    public long acted() {
        return acted.get();
    }

    /** The action for a request of {@code api} at {@code version} now, if a rule selects it. */
    Optional<ProtocolAction> actionFor(ApiKeys api, short version) {
        List<ProtocolRule> now = rules;
        if (now.isEmpty()) {
            return Optional.empty();
        }
        for (ProtocolRule rule : now) {
            if (rule.matches(api, version, clock.instant()) && drawn(rule.share())) {
                acted.incrementAndGet();
                return Optional.of(rule.action());
            }
        }
        return Optional.empty();
    }

    private boolean drawn(double share) {
        if (share >= 1.0) {
            return true;
        }
        synchronized (random) {
            return random.nextDouble() < share;
        }
    }
}
