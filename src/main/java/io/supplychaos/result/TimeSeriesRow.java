package io.supplychaos.result;

import java.util.List;
import java.util.Map;

import io.supplychaos.history.HistoryEvent.Phase;

/**
 * One second of a run, a row of timeseries.csv. sent, acked and completed count the orders of
 * that second (completed = orders reaching their final state); recordsPerSec counts records
 * appended on all topics, internal ones included (the brokers' MessagesInPerSec); latency
 * percentiles are of the orders completed in that second, NaN when none completed (the report
 * marks such seconds). Broker and host columns are NaN when they could not be sampled.
 *
 * @param phase            the run's phase at the end of the second: warm-up rows come before 0
 * @param second           seconds since the measured phase began: negative during warm-up (-1 is
 *                         the last warm-up second), unique within the run
 * @param inFlight         acknowledged orders not completed yet, at the end of the second
 * @param oldestInFlightMs age of the oldest of those, from its intended send time; NaN when none:
 *                         during a stall it keeps growing while no latency is recorded
 * @param activeFaults     faults in effect during the second, as their resolved labels
 * @param consumerLag      the app's consumer lag per sub-topology (sub-topology id to records
 *                         behind the end of its source topics); empty when it was not sampled
 */
public record TimeSeriesRow(Phase phase, long second, long sent, long acked, long completed, long inFlight,
                            double oldestInFlightMs, double recordsPerSec, double p50Ms, double p99Ms, double maxMs,
                            double requestP99Ms, List<String> activeFaults, double underReplicatedPartitions,
                            double bytesInPerSec, double bytesOutPerSec, double isrShrinksPerSec,
                            double isrExpandsPerSec, double requestHandlerIdlePct, double produceTotalTimeP99Ms,
                            double hostCpuPct, double hostMemUsedMb, Map<Integer, Long> consumerLag) {

    public TimeSeriesRow {
        activeFaults = List.copyOf(activeFaults);
        consumerLag = Map.copyOf(consumerLag);
    }

    /** This row placed at {@code second} in {@code phase}: the sampler numbers its rows once the measured phase began. */
    public TimeSeriesRow at(Phase phase, long second) {
        return new TimeSeriesRow(phase, second, sent, acked, completed, inFlight, oldestInFlightMs, recordsPerSec,
                p50Ms, p99Ms, maxMs, requestP99Ms, activeFaults, underReplicatedPartitions, bytesInPerSec,
                bytesOutPerSec, isrShrinksPerSec, isrExpandsPerSec, requestHandlerIdlePct, produceTotalTimeP99Ms,
                hostCpuPct, hostMemUsedMb, consumerLag);
    }
}
