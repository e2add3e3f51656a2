package io.supplychaos.verify;

import java.util.List;

import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;

/**
 * What one {@code ./chaos verify} found, as written to {@code summary.json} and drawn in
 * {@code report.html}: what ran (suite, Kafka version, env, guarantee, instances, duration, faults
 * file), Kafka's own verdict and marker lines, our reading of them, the verdict, the faults on their
 * timeline, the throughput in and out per second, what each test app instance printed, and when
 * each phase ended (epoch ms).
 *
 * @param verdict        PASS only when Kafka's verifier passed, the fault schedule played as written
 *                       and the tool itself had no error
 * @param why            one line saying why the verdict is what it is
 * @param input          smoke: the input topic read back after the verification (pairs written
 *                       twice, before the app saw them); null for EOS or when it could not be read
 * @param verification   the verifier's result section (from "Result Verification" on, or its last
 *                       lines), bounded
 */
public record VerifyResult(String suite, String kafkaVersion, Env env, String guarantee, int instances,
                           long durationSeconds, String faultsFile, Verdict verdict, String why, KafkaOutcome kafka,
                           Reading reading, String readingText, InputAudit.Result input,
                           List<RunResult.FaultEvent> faults,
                           List<Throughput> throughput, double inputPerSec, double outputPerSec, List<AppLife> apps,
                           Timings timings, List<String> errors, String verification) {

    public VerifyResult {
        faults = List.copyOf(faults);
        throughput = List.copyOf(throughput);
        apps = List.copyOf(apps);
        errors = List.copyOf(errors);
    }

    /** The env the suite ran on, and the layout of the suite's topics on it. */
    public record Env(String name, int brokers, int replicationFactor, int minInsyncReplicas, int partitions,
                      String bootstrapServers) {
    }

    /** Records per second written to the input topic and echoed by the app, second {@code second} after the driver started. */
    public record Throughput(double second, double inputPerSec, double outputPerSec) {
    }

    /**
     * One test app instance over the run, from its log: how often it was started, how often it
     * reported RUNNING, the exceptions it reported, and whether it said it closed cleanly at the end
     * (Kafka's broker bounce test requires SMOKE-TEST-CLIENT-CLOSED).
     */
    public record AppLife(int index, int starts, int readyLines, int exceptionLines, boolean closedCleanly, String log) {
    }

    /** Epoch ms; null when the run never got there. */
    public record Timings(long startedAt, Long driverStartedAt, Long inputEndedAt, Long verificationEndedAt,
                          long endedAt) {
    }
}
