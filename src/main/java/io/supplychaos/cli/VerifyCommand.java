package io.supplychaos.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.StateDirLock;
import io.supplychaos.report.ResultFiles;
import io.supplychaos.report.VerifyReport;
import io.supplychaos.result.Verdict;
import io.supplychaos.scenario.FaultSchedule;
import io.supplychaos.verify.KafkaOutcome;
import io.supplychaos.verify.VerifyPlan;
import io.supplychaos.verify.VerifyResult;
import io.supplychaos.verify.VerifyRunner;

/**
 * {@code verify smoke|eos|eos-complex}: runs one of Kafka's own Streams verification suites (the
 * kafka-streams test jar of the Kafka version the brokers run) on an env while a fault schedule
 * plays, prints Kafka's marker lines and a verdict, and writes summary.json, report.html and the
 * suite's logs. Exit 0 when Kafka's verifier passed and the fault schedule played as written, 1
 * otherwise, 2 for bad input (also a suite the env cannot run: EOS needs 3 brokers).
 */
@Command(name = "verify", description = "Run Kafka's own Streams verifier (smoke, eos, eos-complex) under a fault schedule.")
final class VerifyCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SUITE", description = "smoke, eos or eos-complex.")
    String suite;

    @Option(names = "--env", paramLabel = "NAME|FILE",
            description = "Env name in env/ or path of an env file (default: smoke c1, eos c3; eos needs 3 brokers).")
    String env;

    @Option(names = "--faults", paramLabel = "FILE",
            description = "A faults file: a `faults:` list in the scenario format, times from the driver's start "
                    + "(library: scenarios/verify/).")
    Path faults;

    @Option(names = "--instances", paramLabel = "N", description = "Test app instances, 1 to 8 (default: smoke 1, eos 2).")
    String instances;

    @Option(names = "--guarantee", paramLabel = "G",
            description = "exactly_once_v2 (default) or at_least_once (smoke only: Kafka's EOS suite refuses it).")
    String guarantee;

    @Option(names = "--duration", paramLabel = "D",
            description = "How long the driver writes, 45s to 1h (default: smoke 90s, as Kafka's; eos 60s).")
    String duration;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-verify-<suite>).")
    Path out;

    @Mixin
    BasePortOption port;

    @Override
    public Integer call() throws Exception {
        ChaosPaths paths = common.paths();
        PrintWriter console = spec.commandLine().getOut();
        VerifyPlan plan = VerifyPlan.of(paths, suite, env, faults, instances, guarantee, duration);
        // stated before anything starts, as run states a scenario's
        FaultSchedule.differences(plan.faults(), plan.env()).forEach(difference -> console.println("differs from the other envs: "
                + plan.faultsFile() + ": env '" + plan.env().name() + "' (" + plan.env().kind().yamlName() + ") " + difference));
        Path dir = out != null ? out : ResultFiles.directory(paths.home().resolve("results"),
                "verify-" + suite, Instant.now());
        Files.createDirectories(dir);
        try (StateDirLock lock = StateDirLock.acquire(paths, "verify " + suite);
             InterruptGuard guard = new InterruptGuard("verify", InterruptGuard.TEARDOWN)) {
            AtomicBoolean stop = guard.stop();
            console.println("== Kafka's " + plan.suite().cliName() + " suite on " + plan.env().name() + ", "
                    + plan.guarantee() + ", " + plan.instances() + " instance(s)"
                    + (plan.faultsFile() == null ? "" : ", faults " + plan.faultsFile()));
            VerifyRunner.Outcome outcome = new VerifyRunner(paths, port.basePort,
                    console).run(plan, stop);
            VerifyResult result = outcome.result();
            VerifyReport.write(dir, result, outcome.logs());
            print(console, result, dir);
            return result.verdict() == Verdict.PASS ? 0 : 1;
        }
    }

    private static void print(PrintWriter console, VerifyResult r, Path dir) {
        console.println();
        console.println("Kafka's verifier said:");
        if (r.kafka().markers().isEmpty()) {
            console.println("  (no marker line)");
        }
        r.kafka().markers().forEach(line -> console.println("  " + line));
        r.kafka().failures().stream().limit(5).forEach(line -> console.println("  " + line));
        console.printf("Kafka's verdict: %s%n", switch (r.kafka().verdict()) {
            case PASSED -> "passed";
            case FAILED -> "failed";
            case NONE -> "none (the verifier printed no verdict)";
        });
        console.println("reading: " + r.readingText());
        long injected = r.faults().stream().filter(f -> f.error() == null).count();
        console.printf("faults: %d injected, %d not injected; throughput %.0f records/s in, %.0f echoed%n", injected,
                r.faults().size() - injected, r.inputPerSec(), r.outputPerSec());
        console.println("verdict: " + r.verdict() + " (" + r.why() + ")");
        console.println("results: " + dir.resolve("report.html"));
        if (r.kafka().verdict() == KafkaOutcome.Verdict.PASSED && r.verdict() != Verdict.PASS) {
            console.println("note: Kafka's verifier passed, but the run does not: " + r.why());
        }
        console.flush();
    }
}
