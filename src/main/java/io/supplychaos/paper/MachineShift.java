package io.supplychaos.paper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;
import io.supplychaos.result.Provenance;
import io.supplychaos.result.RunResult;

/**
 * The machines the paper runs came from, and how much the machine moves their figures: each machine
 * with its runs, its CPU and its calibration where runs recorded them, and for each other machine,
 * sweep, experiment, config and metric the ratio of a point's median there to the same point's
 * median on the reference machine (the one with the most runs) in the same sweep, over every point
 * both ran. Machines are told apart by their provenance ({@code Provenance.Machine#identity()}: OS
 * and kernel, cores, memory). Two VMs of the same class can differ by a factor of two or more in
 * what Kafka gets done per second, so a figure without its machine is half a figure. Pure: run
 * results in, ratios out.
 */
public final class MachineShift {

    /**
     * A machine, its CPU where a run recorded it (else null), how many of the runs ran on it, and its
     * calibration over the runs that took one (n = 0 when none did).
     *
     * @param calibrationMethod the method of those calibrations; null when none was taken
     */
    public record Machine(String identity, String cpu, int runs, Spread calibration, String calibrationMethod) {
    }

    /**
     * One other machine against the reference, for one sweep, experiment, config and metric.
     *
     * @param ratios the per-point ratios (other / reference) as median, min and max over the points
     */
    public record Shift(String machine, String sweep, Experiment experiment, String config, Metric metric,
                        Spread ratios) {
    }

    private record Key(String sweep, Experiment experiment, String config, Metric metric) {
    }

    private final List<Machine> machines;
    private final List<Shift> shifts;

    private MachineShift(List<Machine> machines, List<Shift> shifts) {
        this.machines = machines;
        this.shifts = shifts;
    }

    /** The machines and shifts of the paper runs among {@code runs}; no shift when they all ran on one machine. */
    public static MachineShift of(List<RunResult> runs) {
        List<RunResult> paper = runs.stream().filter(r -> r.paper() != null).toList();
        Map<String, List<RunResult>> byMachine = paper.stream()
                .collect(Collectors.groupingBy(Origin::machineOf, LinkedHashMap::new, Collectors.toList()));
        List<Machine> machines = byMachine.entrySet().stream()
                .sorted(Map.Entry.<String, List<RunResult>>comparingByValue((x, y) -> Integer.compare(y.size(), x.size()))
                        .thenComparing(Map.Entry.comparingByKey()))
                .map(e -> machine(e.getKey(), e.getValue())).toList();
        List<Shift> shifts = new ArrayList<>();
        if (machines.size() < 2) {
            return new MachineShift(machines, shifts);
        }
        String reference = machines.get(0).identity();
        Map<String, OurTable2> referenceTables = tables(byMachine.get(reference));
        for (Machine other : machines.subList(1, machines.size())) {
            Map<Key, List<Double>> ratios = new LinkedHashMap<>();
            tables(byMachine.get(other.identity())).forEach((sweep, table) -> {
                OurTable2 there = referenceTables.get(sweep);
                if (there == null) {
                    return;
                }
                for (OurTable2.Cell cell : table.cells()) {
                    for (Metric metric : Metric.values()) {
                        double here = cell.spread(metric).median();
                        double onReference = there.spread(cell.experiment(), cell.config(), cell.messages(), metric).median();
                        if (here > 0 && onReference > 0) {
                            ratios.computeIfAbsent(new Key(sweep, cell.experiment(), cell.config(), metric),
                                    k -> new ArrayList<>()).add(here / onReference);
                        }
                    }
                }
            });
            ratios.forEach((key, values) -> shifts.add(new Shift(other.identity(), key.sweep(), key.experiment(),
                    key.config(), key.metric(), Spread.of(values.stream().mapToDouble(Double::doubleValue).toArray()))));
        }
        return new MachineShift(machines, shifts);
    }

    private static Machine machine(String identity, List<RunResult> runs) {
        String cpu = runs.stream().map(RunResult::provenance).filter(Objects::nonNull).map(Provenance::machine)
                .filter(m -> m != null && m.cpu() != null).map(Provenance.Machine::cpu).findFirst().orElse(null);
        List<Provenance.Calibration> calibrations = runs.stream().map(RunResult::provenance).filter(Objects::nonNull)
                .map(Provenance::calibration).filter(Objects::nonNull).toList();
        // calibrations of different methods are never pooled: the most common method's are taken
        String method = calibrations.stream().collect(Collectors.groupingBy(Provenance.Calibration::method,
                        Collectors.counting())).entrySet().stream().max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey).orElse(null);
        Spread calibration = Spread.of(calibrations.stream().filter(c -> c.method().equals(method))
                .mapToDouble(Provenance.Calibration::perSecond).toArray());
        return new Machine(identity, cpu, runs.size(), calibration, method);
    }

    private static Map<String, OurTable2> tables(List<RunResult> runs) {
        Map<String, List<RunResult>> bySweep = runs.stream()
                .collect(Collectors.groupingBy(Origin::sweepOf, LinkedHashMap::new, Collectors.toList()));
        Map<String, OurTable2> tables = new LinkedHashMap<>();
        bySweep.forEach((sweep, group) -> tables.put(sweep, OurTable2.of(group)));
        return tables;
    }

    /** The machines, the reference (most runs) first. */
    public List<Machine> machines() {
        return machines;
    }

    /** Every shift measured, by machine, sweep, experiment, config and metric. */
    public List<Shift> shifts() {
        return shifts;
    }

    /** The shift of one machine, sweep, experiment, config and metric, where a point of that sweep ran on both machines. */
    public Optional<Shift> shift(String machine, String sweep, Experiment experiment, String config, Metric metric) {
        return shifts.stream().filter(s -> s.machine().equals(machine) && s.sweep().equals(sweep)
                && s.experiment() == experiment && s.config().equals(config) && s.metric() == metric).findFirst();
    }

    /** The (machine, sweep) pairs compared with the reference, in the order of {@link #machines()}. */
    public List<Shift> compared() {
        Map<String, Shift> first = new LinkedHashMap<>();
        shifts.forEach(s -> first.putIfAbsent(s.machine() + "|" + s.sweep(), s));
        return List.copyOf(first.values());
    }
}
