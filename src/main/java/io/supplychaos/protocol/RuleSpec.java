package io.supplychaos.protocol;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;

/**
 * A {@link ProtocolRule} as the control API carries it in JSON: the API key and error by the names
 * Kafka gives them in its documentation and logs ({@code produce} for PRODUCE, {@code offset-commit}
 * for OFFSET_COMMIT; {@code NOT_LEADER_OR_FOLLOWER}), the action by name
 * ({@code answer|delay-request|delay-response|drop-response}).
 *
 * @param error  for {@code answer}; null otherwise
 * @param ms     for the delays; null otherwise
 * @param from   the window's start (ISO instant), or null
 * @param until  the window's end, or null
 */
public record RuleSpec(String api, short fromVersion, short toVersion, double share, String action,
                       String error, Long ms, String from, String until) {

    /** The API key a fault names: {@code offset-commit} is OFFSET_COMMIT. */
    public static Optional<ApiKeys> api(String name) {
        return Arrays.stream(ApiKeys.values()).filter(key -> apiName(key).equals(name)).findFirst();
    }

    /** How a fault names an API key: its enum name in lower case, dashes for underscores. */
    public static String apiName(ApiKeys key) {
        return key.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The error code a fault names, by Kafka's own constant name; never NONE. */
    public static Optional<Errors> error(String name) {
        return Arrays.stream(Errors.values()).filter(e -> e != Errors.NONE && e.name().equals(name)).findFirst();
    }

    public static RuleSpec of(ProtocolRule rule) {
        String action;
        String error = null;
        Long ms = null;
        if (rule.action() instanceof ProtocolAction.Answer answer) {
            action = "answer";
            error = answer.error().name();
        } else if (rule.action() instanceof ProtocolAction.DelayRequest delay) {
            action = "delay-request";
            ms = delay.by().toMillis();
        } else if (rule.action() instanceof ProtocolAction.DelayResponse delay) {
            action = "delay-response";
            ms = delay.by().toMillis();
        } else {
            action = "drop-response";
        }
        return new RuleSpec(apiName(rule.api()), rule.fromVersion(), rule.toVersion(), rule.share(), action, error, ms,
                rule.window().map(w -> w.from().toString()).orElse(null),
                rule.window().map(w -> w.until().toString()).orElse(null));
    }

    /** The rule, or an {@link IllegalArgumentException} naming the field at fault. */
    public ProtocolRule toRule() {
        ApiKeys key = api(api).orElseThrow(() -> new IllegalArgumentException("api: no Kafka API named '" + api + "'"));
        ProtocolAction made = switch (action == null ? "" : action) {
            case "answer" -> new ProtocolAction.Answer(error(error).orElseThrow(
                    () -> new IllegalArgumentException("error: no Kafka error code named '" + error + "'")));
            case "delay-request" -> new ProtocolAction.DelayRequest(Duration.ofMillis(required(ms, "ms")));
            case "delay-response" -> new ProtocolAction.DelayResponse(Duration.ofMillis(required(ms, "ms")));
            case "drop-response" -> new ProtocolAction.DropResponse();
            default -> throw new IllegalArgumentException("action: answer, delay-request, delay-response or drop-response, got '"
                    + action + "'");
        };
        Optional<ProtocolRule.Window> window = from == null && until == null ? Optional.empty()
                : Optional.of(new ProtocolRule.Window(Instant.parse(from), Instant.parse(until)));
        return new ProtocolRule(key, fromVersion, toVersion, share, window, made);
    }

    private static long required(Long value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + ": required by a delay");
        }
        return value;
    }
}
