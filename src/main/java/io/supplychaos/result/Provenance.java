package io.supplychaos.result;

import java.util.List;
import java.util.Map;

/**
 * Where a run's figures come from, so that two results can be told apart long after: the tool's
 * build, the Kafka and Java versions, the env as specified (secrets masked) and the brokers'
 * effective configuration as they reported it, the scenario file (copied beside the result as
 * {@code scenario.yaml}), the machine, and the app's sub-topologies (which the consumer-lag
 * columns of timeseries.csv are numbered by). Part of summary.json; null in summaries written
 * before runs recorded it.
 *
 * @param tool          supply-chaos's version, from the build
 * @param gitCommit     the commit the tool was built from, "+dirty" when the work tree had changes;
 *                      "unknown" outside a git checkout
 * @param kafka         the version of the Kafka clients (and, for the embedded env, brokers)
 * @param java          the Java that ran the tool, the load generator and the checker
 * @param clusterJava   the Java the embedded brokers and app instances ran on; null for a cluster
 *                      the tool did not start
 * @param env           the env spec as run: kind, brokers, partitions, replication, min ISR,
 *                      network, bootstrap, client config with secrets masked
 * @param brokerConfig  per broker id, every setting whose value is not Kafka's default, as the broker
 *                      reported it (sensitive values hidden); empty when the cluster did not answer
 * @param scenarioFile  the scenario file the run was read from, as given
 * @param machine       the machine the tool ran on
 * @param subtopologies the app's sub-topology ids and the topics each reads
 * @param calibration   how fast the machine was when the run began, measured the same way every time;
 *                      null in summaries written before runs recorded it
 */
public record Provenance(String tool, String gitCommit, String kafka, String java, String clusterJava,
                         Map<String, Object> env, Map<String, Map<String, String>> brokerConfig, String scenarioFile,
                         Machine machine, Map<Integer, List<String>> subtopologies, Calibration calibration) {

    /** What {@link #gitCommit} ends with when the work tree the tool was built from had uncommitted changes. */
    public static final String DIRTY = "+dirty";

    /** A provenance without a calibration (as runs recorded before calibrations were taken). */
    public Provenance(String tool, String gitCommit, String kafka, String java, String clusterJava,
                      Map<String, Object> env, Map<String, Map<String, String>> brokerConfig, String scenarioFile,
                      Machine machine, Map<Integer, List<String>> subtopologies) {
        this(tool, gitCommit, kafka, java, clusterJava, env, brokerConfig, scenarioFile, machine, subtopologies, null);
    }

    /** Whether the tool was built from a work tree with uncommitted changes: its figures come from code no commit holds. */
    public boolean dirty() {
        return gitCommit != null && gitCommit.endsWith(DIRTY);
    }

    /**
     * A calibration of the machine: a fixed workload timed on one thread at the start of the run
     * ({@code provenance.MachineCalibration}), so that two runs on machines that name themselves alike,
     * or on one machine at two busy moments, can be told apart by speed.
     *
     * @param method    which workload and how it was timed; calibrations of different methods are never compared
     * @param perSecond the median round's rate (rounds of the workload per second)
     * @param slowest   the slowest timed round's rate
     * @param fastest   the fastest timed round's rate
     * @param rounds    how many rounds were timed (after the unmeasured ones)
     */
    public record Calibration(String method, double perSecond, double slowest, double fastest, int rounds) {
    }

    /**
     * The machine a run ran on: what its figures are bounded by.
     *
     * @param cpu the processor as the OS names it, with its clock ("AMD EPYC, 2445 MHz"); null where
     *            the OS does not say (and in results written before runs recorded it)
     */
    public record Machine(String os, String arch, int cores, long memoryMb, String cpu) {

        public Machine(String os, String arch, int cores, long memoryMb) {
            this(os, arch, cores, memoryMb, null);
        }

        /**
         * Which machine this is, as far as its provenance tells: two runs with the same identity ran on
         * the same kind of machine (the kernel build tells apart VMs that name their CPU alike). The CPU
         * is left out so that results written before runs recorded it still match their machine.
         */
        public String identity() {
            return os + ", " + arch + ", " + cores + " cores, " + Math.round(memoryMb / 1024.0) + " GiB";
        }
    }
}
