package io.supplychaos.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import io.supplychaos.history.HistoryEvent.Fault;
import io.supplychaos.history.HistoryEvent.FaultPhase;
import io.supplychaos.result.RunResult;

/**
 * The run's faults as the report lists them: each INJECTED fault paired with the HEALED event that
 * ended it, each FAILED one listed with its error, and the recovery of each injected fault
 * ({@link Recovery}; null = did not recover). A failed fault has no recovery: it never happened.
 *
 * <p>A HEALED event names the ids of the faults it ends ({@link Fault#ends()}), and is paired by
 * them. Histories written before faults had ids are paired as they were then: a HEALED event ends
 * the first open fault with the same target and source, the same action preferred, and one whose
 * action is "heal" ends every open fault.
 */
public final class FaultIntervals {

    private FaultIntervals() {
    }

    /**
     * @param nothingInFlight whether no acknowledged order was left in flight at the end (see
     *                        {@link Recovery}: the drain's last completion then ends a fault's harm)
     */
    static List<RunResult.FaultEvent> of(RunHistory h, List<Long> completions, boolean nothingInFlight) {
        long measureStart = h.measureStart();
        long sendingEnded = h.sendingEnded();
        long[] perSecond = completedPerSecond(completions, measureStart, sendingEnded);
        return pair(h.faults, fault -> Recovery.millis(perSecond, measureStart, sendingEnded, fault.at(), completions,
                nothingInFlight));
    }

    /**
     * Faults paired with their heals, without recovery figures: for histories with no orders to
     * recover (Kafka's verification suites, {@code ./chaos verify}).
     */
    public static List<RunResult.FaultEvent> pair(List<Fault> faults) {
        return pair(faults, fault -> null);
    }

    private static List<RunResult.FaultEvent> pair(List<Fault> faults, Function<Fault, Long> recovery) {
        List<RunResult.FaultEvent> events = new ArrayList<>();
        List<Integer> open = new ArrayList<>();
        Map<String, Integer> openById = new HashMap<>();
        for (Fault fault : faults) {
            String source = fault.source() == null ? null : fault.source().name().toLowerCase(Locale.ROOT);
            if (fault.phase() == FaultPhase.FAILED) {
                events.add(new RunResult.FaultEvent(fault.action(), fault.target(), fault.detail(), source, fault.at(),
                        null, null, fault.error() == null ? "unknown error" : fault.error()));
            } else if (fault.phase() == FaultPhase.INJECTED) {
                if (fault.id() != null) {
                    openById.put(fault.id(), events.size());
                }
                open.add(events.size());
                events.add(new RunResult.FaultEvent(fault.action(), fault.target(), fault.detail(), source, fault.at(),
                        null, recovery.apply(fault), null));
            } else {
                List<Integer> ended = fault.ends() != null
                        ? fault.ends().stream().map(openById::get).filter(Objects::nonNull).toList()
                        : healedWithoutIds(fault, source, events, open);
                for (int index : ended) {
                    if (!open.contains(index)) {
                        continue;
                    }
                    RunResult.FaultEvent e = events.get(index);
                    events.set(index, new RunResult.FaultEvent(e.action(), e.target(), e.detail(), e.source(),
                            e.injectedAt(), fault.at(), e.recoveryMs(), null));
                    open.remove(Integer.valueOf(index));
                }
            }
        }
        return List.copyOf(events);
    }

    /** What a HEALED event of a history written before faults had ids ended, found as it was then. */
    private static List<Integer> healedWithoutIds(Fault heal, String source, List<RunResult.FaultEvent> events,
                                                  List<Integer> open) {
        if ("heal".equals(heal.action())) {
            return List.copyOf(open);
        }
        Integer sameTarget = null;
        for (int index : open) {
            RunResult.FaultEvent e = events.get(index);
            if (Objects.equals(e.target(), heal.target()) && Objects.equals(e.source(), source)) {
                if (Objects.equals(e.action(), heal.action())) {
                    return List.of(index);
                }
                sameTarget = sameTarget == null ? index : sameTarget;
            }
        }
        return sameTarget == null ? List.of() : List.of(sameTarget);
    }

    /**
     * Completions in each second from the measured phase's start to the end of sending, or to the
     * second of the run's last completion when that is later (the drain's completions count toward
     * a recovery); at least one second.
     */
    static long[] completedPerSecond(List<Long> completions, long measureStart, long sendingEnded) {
        long lastSecond = completions.stream().mapToLong(at -> Math.floorDiv(at - measureStart, 1000L)).max()
                .orElse(-1);
        int seconds = (int) Math.max(1, Math.max((sendingEnded - measureStart) / 1000, lastSecond + 1));
        long[] perSecond = new long[seconds];
        for (long at : completions) {
            long second = Math.floorDiv(at - measureStart, 1000L);
            if (second >= 0 && second < seconds) {
                perSecond[(int) second]++;
            }
        }
        return perSecond;
    }
}
