package io.supplychaos.result;

import java.util.List;

/**
 * One second of a run, a row of timeseries.csv. sent, acked and completed count the orders of
 * that second (completed = orders reaching their final state); recordsPerSec counts records
 * appended on all topics, internal ones included (the brokers' MessagesInPerSec); latency
 * percentiles are of the orders completed in that second. Broker and host columns are NaN when
 * they could not be sampled.
 *
 * @param second        seconds since the measured phase began (-1 for every warm-up row)
 * @param inFlight      acknowledged orders not completed yet, at the end of the second
 * @param activeFaults  faults in effect during the second, as "action target"
 */
public record TimeSeriesRow(long second, long sent, long acked, long completed, long inFlight,
                            double recordsPerSec, double p50Ms, double p99Ms, double maxMs, double requestP99Ms,
                            List<String> activeFaults, double underReplicatedPartitions, double bytesInPerSec,
                            double bytesOutPerSec, double isrShrinksPerSec, double isrExpandsPerSec,
                            double requestHandlerIdlePct, double produceTotalTimeP99Ms, double hostCpuPct,
                            double hostMemUsedMb) {
}
