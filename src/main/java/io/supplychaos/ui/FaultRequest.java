package io.supplychaos.ui;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonCreator;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;

/**
 * A button's request, the body of {@code POST /api/fault}: which verb and on what, as the CLI
 * verb's options would say it. {@code broker} names a broker by id, {@code leader} a partition
 * ("order-placed:0") whose current leader takes the fault; network verbs act on one broker's
 * proxies or on all, {@code link} picks client, replication or both; protocol verbs act on one
 * broker's client link or all, with {@code api}, {@code error}, {@code ms}, {@code stream} and
 * {@code share} as their options, checked by the verb's own rules. Touches nothing.
 */
public record FaultRequest(String action, Integer broker, String leader, Long ms, String link, String api, String error,
                           Double share, String stream) {

    /** The verbs the page offers. */
    static final Set<FaultType> OFFERED = Set.of(FaultType.KILL_BROKER, FaultType.STOP_BROKER, FaultType.START_BROKER,
            FaultType.RESTART_BROKER, FaultType.PAUSE_BROKER, FaultType.RESUME_BROKER, FaultType.DELAY, FaultType.CUT,
            FaultType.PROTOCOL_ERROR, FaultType.PROTOCOL_DELAY, FaultType.DROP_RESPONSE, FaultType.HEAL);

    @JsonCreator
    public FaultRequest {
    }

    /** A request of a broker, network or environment button (no protocol attributes). */
    public FaultRequest(String action, Integer broker, String leader, Long ms, String link) {
        this(action, broker, leader, ms, link, null, null, null, null);
    }

    /** The spec the CLI verb with these options would build. */
    public FaultSpec spec() {
        FaultType type = FaultType.byCliName(action == null ? "" : action).filter(OFFERED::contains)
                .orElseThrow(() -> new IllegalArgumentException("unknown action '" + action + "'; the page offers "
                        + OFFERED.stream().map(FaultType::cliName).sorted().toList()));
        if (broker != null && leader != null) {
            throw new IllegalArgumentException("name one broker: broker or leader, not both");
        }
        return switch (type.kind()) {
            case BROKER -> new FaultSpec(type, brokerTarget(type), Map.of(), null, null);
            case NETWORK -> {
                if (leader != null) {
                    throw new IllegalArgumentException(type.cliName() + " acts on a broker's proxies or all: broker, not leader");
                }
                Map<String, String> attributes = new LinkedHashMap<>();
                if (ms != null) {
                    attributes.put("ms", Long.toString(ms));
                }
                if (link != null) {
                    attributes.put("link", link);
                }
                yield new FaultSpec(type, broker == null ? FaultTarget.all() : FaultTarget.broker(broker), attributes, null, null);
            }
            case PROTOCOL -> {
                if (leader != null) {
                    throw new IllegalArgumentException(type.cliName() + " acts on a broker's client link or all: broker, not leader");
                }
                Map<String, String> attributes = new LinkedHashMap<>();
                put(attributes, "api", api);
                put(attributes, "error", error);
                put(attributes, "ms", ms == null ? null : Long.toString(ms));
                put(attributes, "stream", stream);
                put(attributes, "share", share == null ? null : BigDecimal.valueOf(share).stripTrailingZeros().toPlainString());
                // the verb's own rules and words: a value it would refuse is refused here the same way
                type.checkAttributes(attributes);
                yield new FaultSpec(type, broker == null ? FaultTarget.all() : FaultTarget.broker(broker), attributes, null, null);
            }
            default -> new FaultSpec(type, null, Map.of(), null, null);
        };
    }

    private static void put(Map<String, String> attributes, String name, String value) {
        if (value != null && !value.isBlank()) {
            attributes.put(name, value.trim());
        }
    }

    private FaultTarget brokerTarget(FaultType type) {
        if (broker != null) {
            return FaultTarget.broker(broker);
        }
        if (leader != null) {
            int colon = leader.lastIndexOf(':');
            if (colon <= 0 || !leader.substring(colon + 1).matches("\\d{1,9}")) {
                throw new IllegalArgumentException("leader takes TOPIC:PARTITION, e.g. order-placed:0, got '" + leader + "'");
            }
            return FaultTarget.leaderOf(leader.substring(0, colon), Integer.parseInt(leader.substring(colon + 1)));
        }
        return type.defaultTarget().orElseThrow(() -> new IllegalArgumentException(type.cliName() + " needs a broker or a leader"));
    }
}
