package io.supplychaos.paper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;
import io.supplychaos.result.RunResult;

/**
 * How much the machine moves our Table II figures, when its runs come from more than one machine:
 * for each other machine, experiment, config and metric, the ratio of a point's median there to the
 * same point's median on the reference machine (the one with the most runs), over every point run
 * on both. Machines are told apart by their provenance ({@code Provenance.Machine#identity()}: OS
 * and kernel, CPU, cores, memory). Two VMs of the same class can differ by a factor of two or more
 * in what Kafka gets done per second, so a figure without its machine is half a figure. Pure: run
 * results in, ratios out.
 */
public final class MachineShift {

    /** A machine, its CPU where a run recorded it (else null), and how many of the table's runs ran on it. */
    public record Machine(String identity, String cpu, int runs) {
    }

    /**
     * One other machine against the reference, for one experiment, config and metric.
     *
     * @param ratios the per-point ratios (other / reference) as median, min and max over the points
     */
    public record Shift(String machine, Experiment experiment, String config, Metric metric, Spread ratios) {
    }

    private record Key(Experiment experiment, String config, Metric metric) {
    }

    /** What provenance says when a run recorded none. */
    static final String UNKNOWN = "unknown machine";

    private final List<Machine> machines;
    private final List<Shift> shifts;

    private MachineShift(List<Machine> machines, List<Shift> shifts) {
        this.machines = machines;
        this.shifts = shifts;
    }

    /** Which machine a run ran on. */
    public static String machineOf(RunResult run) {
        return run.provenance() == null || run.provenance().machine() == null ? UNKNOWN
                : run.provenance().machine().identity();
    }

    /** The shifts over the runs of {@code ours}; none when they all ran on one machine. */
    public static MachineShift of(OurTable2 ours) {
        Map<String, Long> counts = ours.cells().stream().flatMap(c -> c.runs().stream())
                .collect(Collectors.groupingBy(MachineShift::machineOf, LinkedHashMap::new, Collectors.counting()));
        Map<String, String> cpus = new LinkedHashMap<>();
        ours.cells().stream().flatMap(c -> c.runs().stream())
                .filter(r -> r.provenance() != null && r.provenance().machine() != null && r.provenance().machine().cpu() != null)
                .forEach(r -> cpus.putIfAbsent(machineOf(r), r.provenance().machine().cpu()));
        List<Machine> machines = counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> new Machine(e.getKey(), cpus.get(e.getKey()), e.getValue().intValue())).toList();
        List<Shift> shifts = new ArrayList<>();
        if (machines.size() < 2) {
            return new MachineShift(machines, shifts);
        }
        String reference = machines.get(0).identity();
        for (Machine other : machines.subList(1, machines.size())) {
            // per experiment, config and metric (cells come sorted by them), the ratio at each point run on both
            Map<Key, List<Double>> ratios = new LinkedHashMap<>();
            for (OurTable2.Cell cell : ours.cells()) {
                for (Metric metric : Metric.values()) {
                    double here = median(cell, metric, other.identity());
                    double there = median(cell, metric, reference);
                    if (here > 0 && there > 0) {
                        ratios.computeIfAbsent(new Key(cell.experiment(), cell.config(), metric), k -> new ArrayList<>())
                                .add(here / there);
                    }
                }
            }
            ratios.forEach((key, values) -> shifts.add(new Shift(other.identity(), key.experiment(), key.config(),
                    key.metric(), Spread.of(values.stream().mapToDouble(Double::doubleValue).toArray()))));
        }
        return new MachineShift(machines, shifts);
    }

    private static double median(OurTable2.Cell cell, Metric metric, String machine) {
        Spread spread = Spread.of(cell.runs().stream().filter(r -> machineOf(r).equals(machine))
                .mapToDouble(metric.read).toArray());
        return spread.measured() ? spread.median() : Double.NaN;
    }

    /** The machines, the reference (most runs) first. */
    public List<Machine> machines() {
        return machines;
    }

    /** Every shift measured, by machine, experiment, config and metric. */
    public List<Shift> shifts() {
        return shifts;
    }

    /** The shift of one machine, experiment, config and metric, where a point ran on both machines. */
    public Optional<Shift> shift(String machine, Experiment experiment, String config, Metric metric) {
        return shifts.stream().filter(s -> s.machine().equals(machine) && s.experiment() == experiment
                && s.config().equals(config) && s.metric() == metric).findFirst();
    }

    /** The other machines that share a point with the reference, in the order of {@link #machines()}. */
    public List<String> comparedMachines() {
        return shifts.stream().map(Shift::machine).distinct().toList(); // shifts are added machine by machine
    }
}
