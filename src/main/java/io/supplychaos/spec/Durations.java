package io.supplychaos.spec;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The duration syntax of scenario files and {@code --for}: 10s, 500ms, 2m, 1h, or a plain number of seconds. */
public final class Durations {

    private static final Pattern DURATION = Pattern.compile("([-+]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+))\\s*(ms|s|m|h)?");
    /** Beyond this a duration means nothing to a run, and the arithmetic stays far from overflow. */
    private static final BigDecimal MAX_MILLIS = BigDecimal.valueOf(Duration.ofDays(3650).toMillis());

    private Durations() {
    }

    /** The duration, or empty for anything else (including absurdly large values). */
    public static Optional<Duration> parse(String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        BigDecimal millis = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(switch (unit) {
            case "ms" -> 1L;
            case "s" -> 1_000L;
            case "m" -> 60_000L;
            default -> 3_600_000L;
        }));
        if (millis.abs().compareTo(MAX_MILLIS) > 0) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofMillis(millis.setScale(0, java.math.RoundingMode.HALF_UP).longValueExact()));
    }

    /**
     * The duration syntax as an ECMA-262 pattern for a JSON Schema (the bounds it cannot say);
     * without a minus sign unless {@code negative} durations are allowed.
     */
    static String jsonPattern(boolean negative) {
        return "^\\s*" + (negative ? "[-+]?" : "\\+?") + "(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)\\s*(?:ms|s|m|h)?\\s*$";
    }

    /** "1h", "10m", "5s", "500ms": the largest unit that states it exactly. */
    public static String format(Duration duration) {
        long ms = duration.toMillis();
        if (ms != 0 && ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms != 0 && ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1_000 == 0) {
            return ms / 1_000 + "s";
        }
        return ms + "ms";
    }
}
