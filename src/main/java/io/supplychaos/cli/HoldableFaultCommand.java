package io.supplychaos.cli;

import io.supplychaos.scenario.ScenarioLoader;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** A fault verb that can heal itself after a while: {@code --for D} (10s, 500ms, 2m). Touches nothing itself. */
abstract class HoldableFaultCommand extends FaultCommand {

    @Option(names = "--for", paramLabel = "D", converter = DurationConverter.class,
            description = "Heal after D (e.g. 10s, 500ms, 2m), also on Ctrl-C; without it the fault stays until healed.")
    Duration holdFor;

    @Override
    Duration hold() {
        return holdFor;
    }

    /** The scenario files' duration syntax, so --for and a schedule's for: read alike. */
    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            Duration duration = ScenarioLoader.parseDuration(value);
            if (duration == null || duration.isNegative() || duration.isZero()) {
                throw new TypeConversionException("expected a positive duration such as 10s, 500ms or 2m, got '" + value + "'");
            }
            return duration;
        }
    }
}
