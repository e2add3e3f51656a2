package io.supplychaos.verify;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.scenario.FaultSchedule;
import io.supplychaos.spec.Durations;
import io.supplychaos.spec.Rule;

/**
 * One {@code ./chaos verify} as asked for, validated whole before anything starts: the suite, the
 * env it runs on, the fault schedule (a faults file in the scenario format, checked against the
 * env, the instances and the suite's topics), the number of test app instances, the processing
 * guarantee and how long the driver writes. Every problem is an {@link IllegalArgumentException}
 * (or a {@link io.supplychaos.spec.SpecException} naming file, field, line and column): exit 2.
 *
 * @param faultsFile the faults file as given, null when none
 */
public record VerifyPlan(Suite suite, EnvSpec env, String envSource, Path faultsFile, List<FaultSpec> faults,
                         int instances, String guarantee, Duration duration) {

    /** At most as many test app instances as a scenario may start. */
    public static final int MAX_INSTANCES = 8;
    static final Rule<Long> INSTANCES = Rule.whole(1, MAX_INSTANCES, "instances", null);
    /** Kafka's smoke driver sleeps at least 2 ms per record (20,000 of them): shorter would not be honoured. */
    static final Duration MIN_DURATION = Duration.ofSeconds(45);
    static final Rule<Duration> DURATION = Rule.duration(MIN_DURATION, Duration.ofHours(1));

    public VerifyPlan {
        faults = List.copyOf(faults);
    }

    /**
     * Validates the verb's options.
     *
     * @param envName   null for the suite's default; likewise instances, guarantee and duration
     */
    public static VerifyPlan of(ChaosPaths paths, String suiteName, String envName, Path faultsFile, String instances,
                                String guarantee, String duration) {
        Suite suite = Suite.byCliName(suiteName);
        Path envFile = EnvFiles.resolve(paths, envName == null ? suite.defaultEnv() : envName);
        EnvSpec env = EnvSpecReader.read(envFile);
        String refusal = suite.brokersRefusal(env.brokers());
        if (refusal != null) {
            throw new IllegalArgumentException("verify " + suite.cliName() + " on env '" + env.name() + "': " + refusal);
        }
        String chosenGuarantee = guarantee == null ? suite.guarantees().get(suite.guarantees().size() - 1) : guarantee;
        if (!suite.guarantees().contains(chosenGuarantee)) {
            throw new IllegalArgumentException("--guarantee: " + Rule.oneOf(suite.guarantees()).refusal(chosenGuarantee)
                    + (suite == Suite.SMOKE ? "" : " (Kafka's StreamsEosTest refuses any other guarantee)"));
        }
        int count = instances == null ? suite.defaultInstances() : Math.toIntExact(INSTANCES.check("--instances", instances));
        Duration length = duration == null ? suite.defaultDuration() : DURATION.check("--duration", duration);
        List<FaultSpec> faults = List.of();
        Path resolved = null;
        if (faultsFile != null) {
            resolved = faultsFile.isAbsolute() ? faultsFile : paths.home().resolve(faultsFile);
            if (!Files.isRegularFile(resolved)) {
                throw new IllegalArgumentException("--faults: no such file: " + faultsFile);
            }
            faults = FaultSchedule.readFile(resolved, env, count, suite.topics(), Suite.PARTITIONS, length,
                    "the driver writes for " + Durations.format(length) + " (--duration); faults start from its start");
        }
        return new VerifyPlan(suite, env, envFile.toString(), faultsFile, faults, count, chosenGuarantee, length);
    }
}
