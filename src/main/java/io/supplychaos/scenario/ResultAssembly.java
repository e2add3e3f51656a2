package io.supplychaos.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import io.supplychaos.chaos.FaultType;
import io.supplychaos.check.CheckResult;
import io.supplychaos.check.CorrectnessChecker;
import io.supplychaos.check.Recovery;
import io.supplychaos.check.Verdict;
import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.TimeSeriesRow;
import io.supplychaos.workload.RunRecorder;

/**
 * The check phase: turns what a run recorded into its {@link RunResult}. Today it judges the
 * recorder's notifications with {@link CorrectnessChecker} and {@link Verdict}; the fault list comes
 * from the history's fault events. This is the one place the runner builds a result: swap it for
 * the history checker without touching the phases. On top of the checker's verdict: a tool error
 * ends the run as ERROR with its cause, a scheduled fault that could not be injected is a violation,
 * and so is a run with fewer acknowledged measured orders than {@code expect.minAcked}.
 */
final class ResultAssembly {

    /** The tool failed: the run judges nothing. */
    static final String ERROR = "ERROR";

    /** What the phases leave for the check. */
    record Inputs(Scenario scenario, RunRecorder recorder, Map<String, InventoryUpdate> baseline,
                  List<TimeSeriesRow> rows, List<HistoryEvent> history, long measuredStart, long sendingEnded,
                  long endedAt, double recordsPerSec, boolean interrupted) {
    }

    private ResultAssembly() {
    }

    static RunResult assemble(Inputs in) {
        Scenario scenario = in.scenario();
        RunRecorder recorder = in.recorder();
        CheckResult check = CorrectnessChecker.check(recorder.history(in.baseline()));
        long[] completedPerSecond = completedPerSecond(in.rows(), in.measuredStart(), in.sendingEnded());
        List<RunResult.FaultEvent> faults = new ArrayList<>();
        List<String> unrecovered = new ArrayList<>();
        double worstRecovery = 0;
        for (RunResult.FaultEvent event : faultEvents(in.history())) {
            if (event.detail().startsWith("failed: ")) {
                faults.add(event);
                continue;
            }
            int second = (int) ((event.injectedAt() - in.measuredStart()) / 1000);
            OptionalLong recovery = Recovery.seconds(completedPerSecond, second);
            if (recovery.isEmpty()) {
                unrecovered.add(event.detail());
            } else {
                worstRecovery = Math.max(worstRecovery, recovery.getAsLong());
            }
            faults.add(new RunResult.FaultEvent(event.action(), event.target(), event.detail(), event.source(),
                    event.injectedAt(), event.healedAt(), recovery.isPresent() ? recovery.getAsLong() * 1000 : null));
        }
        RunResult.Latency latency = recorder.latency();
        double ordersPerSec = recorder.ordersPerSecond();
        Verdict verdict = Verdict.judge(check, scenario.expect(), latency.p99(), ordersPerSec,
                faults.isEmpty() ? null : worstRecovery, unrecovered);
        List<String> violations = new ArrayList<>(verdict.violations());
        failedFaults(in.history()).forEach(failure -> violations.add("fault failed: " + failure));
        long measuredAcked = recorder.history(in.baseline()).acked().stream().filter(order -> !order.warmup()).count();
        Long minAcked = scenario.expect().minAcked();
        if (minAcked != null && measuredAcked < minAcked) {
            violations.add("no progress: " + measuredAcked + " measured orders acknowledged (expected at least "
                    + minAcked + ")");
        }
        Optional<HistoryEvent.ToolError> error = in.history().stream().filter(HistoryEvent.ToolError.class::isInstance)
                .map(HistoryEvent.ToolError.class::cast).findFirst();
        String name;
        if (error.isPresent()) {
            name = ERROR;
            violations.add(0, "tool error in " + error.get().where() + ": " + error.get().cause()
                    + " (the results judge nothing)");
        } else if (in.interrupted()) {
            name = Verdict.INTERRUPTED;
            // an interrupted run's unfinished orders are in flight, not lost: only say what was cut short
            violations.clear();
            violations.add("interrupted before the run finished: partial results; " + check.lost().size()
                    + " acknowledged orders were still in flight and are not judged");
        } else {
            name = violations.isEmpty() ? Verdict.PASS : Verdict.FAIL;
        }
        RunResult.Orders orders = new RunResult.Orders(recorder.sentCount(), recorder.ackedCount(), check.completed(),
                check.lost().size(), verdict.expectedLost(), check.duplicates(), check.outOfOrder().size(),
                check.neverAcked().size(), check.rejected(), head(check.lost()), head(check.duplicateStates()),
                head(check.outOfOrder()));
        return new RunResult(scenario.name(), scenario.env().name(), workload(scenario), orders,
                new RunResult.Throughput(ordersPerSec, in.recordsPerSec()), latency, recorder.requestTime(),
                recorder.jitter(), recorder.stages(), faults, name, List.copyOf(violations), in.measuredStart(),
                in.endedAt(), in.interrupted(), recorder.distribution(), null);
    }

    /**
     * The faults as the report lists them, from the history: an injection and the heal that ended
     * it (matched by source and concrete fault), a repair or one-off action as instantaneous, and a
     * failure to inject as "failed: ERROR".
     */
    static List<RunResult.FaultEvent> faultEvents(List<HistoryEvent> history) {
        List<RunResult.FaultEvent> events = new ArrayList<>();
        for (HistoryEvent event : history) {
            if (!(event instanceof HistoryEvent.Fault fault)) {
                continue;
            }
            String source = fault.source() == HistoryEvent.FaultSource.SCHEDULE ? "schedule" : "cli";
            switch (fault.phase()) {
                case FAILED -> events.add(new RunResult.FaultEvent(fault.action(), fault.target(),
                        "failed: " + fault.error(), source, fault.at(), fault.at(), null));
                case INJECTED -> {
                    boolean instantaneous = FaultType.byCliName(fault.action()).map(FaultType::isInstantaneous)
                            .orElse(false);
                    events.add(new RunResult.FaultEvent(fault.action(), fault.target(), fault.detail(), source,
                            fault.at(), instantaneous ? fault.at() : null, null));
                }
                case HEALED -> {
                    for (int i = events.size() - 1; i >= 0; i--) {
                        RunResult.FaultEvent open = events.get(i);
                        if (open.healedAt() == null && open.source().equals(source)
                                && open.detail().equals(fault.detail())) {
                            events.set(i, new RunResult.FaultEvent(open.action(), open.target(), open.detail(),
                                    open.source(), open.injectedAt(), fault.at(), null));
                            break;
                        }
                    }
                }
            }
        }
        return events;
    }

    /** "delay all ms=100: no such link", for each scheduled fault that could not be injected. */
    private static List<String> failedFaults(List<HistoryEvent> history) {
        return history.stream().filter(HistoryEvent.Fault.class::isInstance).map(HistoryEvent.Fault.class::cast)
                .filter(fault -> fault.phase() == HistoryEvent.FaultPhase.FAILED
                        && fault.source() == HistoryEvent.FaultSource.SCHEDULE)
                .map(fault -> fault.detail() + ": " + fault.error()).toList();
    }

    private static List<String> head(List<String> items) {
        return List.copyOf(items.subList(0, Math.min(20, items.size())));
    }

    /** Completed orders in each second of the measured sending phase (index 0 = first second). */
    private static long[] completedPerSecond(List<TimeSeriesRow> rows, long measuredStart, long sendingEnded) {
        int seconds = (int) Math.max(1, (sendingEnded - measuredStart) / 1000);
        long[] perSecond = new long[seconds];
        for (TimeSeriesRow row : rows) {
            if (row.second() >= 0 && row.second() < seconds) {
                perSecond[(int) row.second()] += row.completed();
            }
        }
        return perSecond;
    }

    private static Map<String, Object> workload(Scenario scenario) {
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("warmup", scenario.workload().warmup());
        workload.put("orders", scenario.workload().orders());
        workload.put("durationSeconds", scenario.workload().durationSeconds());
        workload.put("ratePerSecond", scenario.workload().ratePerSecond());
        workload.put("producers", scenario.workload().producers());
        workload.put("partitioning", scenario.workload().partitioning() == null ? scenario.env().partitioning().yamlName()
                : scenario.workload().partitioning().yamlName());
        workload.put("producer", scenario.producer());
        workload.put("app", Map.of("instances", scenario.app().instances(), "processingGuarantee",
                scenario.app().processingGuarantee(), "config", scenario.app().config()));
        return workload;
    }
}
