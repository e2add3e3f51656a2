package io.supplychaos.cli;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Parameters;

/** The app instance an app verb acts on, as recorded in {@code .chaos/apps.json}. Touches nothing. */
final class AppIndex {

    @Parameters(index = "0", paramLabel = "N", description = "The app instance's index (see status).")
    int index;

    FaultSpec spec(FaultType type, Duration hold) {
        return new FaultSpec(type, FaultTarget.app(index), Map.of(), null, hold);
    }
}
