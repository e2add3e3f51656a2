package io.supplychaos.scenario;

import java.util.LinkedHashMap;
import java.util.Map;

import io.supplychaos.check.RunAnalysis;
import io.supplychaos.result.RunResult;

/**
 * The check phase's last step: the checker's analysis of the history ({@link RunAnalysis}, the
 * same function {@code ./chaos check} runs) plus what the history does not hold (the workload as
 * run, records written on the brokers) make the run's {@link RunResult}.
 */
final class ResultAssembly {

    private ResultAssembly() {
    }

    /**
     * @param recordsPerSec records written on all topics per second of {@link RunAnalysis#measuredSpanMillis()}
     */
    static RunResult assemble(Scenario scenario, RunAnalysis analysis, double recordsPerSec) {
        return analysis.result(workload(scenario), recordsPerSec);
    }

    static Map<String, Object> workload(Scenario scenario) {
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("warmup", scenario.workload().warmupAsRun().asJson());
        workload.put("orders", scenario.workload().orders());
        workload.put("durationSeconds", scenario.workload().durationSeconds());
        workload.put("ratePerSecond", scenario.workload().ratePerSecond());
        workload.put("producers", scenario.workload().producers());
        workload.put("partitioning", scenario.workload().partitioning() == null ? scenario.env().partitioning().yamlName()
                : scenario.workload().partitioning().yamlName());
        workload.put("producer", scenario.producer());
        workload.put("app", Map.of("instances", scenario.app().instances(), "processingGuarantee",
                scenario.app().processingGuarantee(), "tuning", scenario.tuning().property(),
                "config", scenario.app().config()));
        return workload;
    }
}
