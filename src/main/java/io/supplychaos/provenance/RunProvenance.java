package io.supplychaos.provenance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.config.ConfigResource;

import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.JavaRuntime;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.result.Provenance;
import io.supplychaos.spec.Secrets;
import io.supplychaos.time.Timeouts;

/**
 * Gathers a run's {@link Provenance} once its env is open: the build and versions, the env as
 * specified (client secrets masked), every broker's settings that differ from Kafka's defaults
 * (asked through Admin, so it is the same for a cluster the tool started and one it attached to;
 * sensitive values are hidden by the brokers themselves), the machine and its calibration (a fixed
 * workload timed on one thread, {@link MachineCalibration}). Nothing here may fail a run: what cannot
 * be read is left empty or "unknown".
 */
public final class RunProvenance {

    private RunProvenance() {
    }

    public static Provenance collect(EnvSpec spec, KafkaAccess access, String scenarioFile, Path projectDir,
                                     Map<Integer, List<String>> subtopologies) {
        String clusterJava = null;
        if (spec.kind().toolOwned()) {
            try {
                JavaRuntime.Java java = JavaRuntime.detect().java();
                clusterJava = BuildInfo.javaVersionOf(java.home()) + " (" + java.home() + ")";
            } catch (RuntimeException e) {
                clusterJava = "unknown: " + e.getMessage();
            }
        }
        return new Provenance(BuildInfo.version(), BuildInfo.gitCommit(projectDir), BuildInfo.kafkaVersion(),
                System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")", clusterJava,
                envOf(spec, access), brokerConfig(access), scenarioFile, machine(), subtopologies, calibration());
    }

    /** The machine's calibration ({@link MachineCalibration}); null when it could not be taken (never a run's failure). */
    static Provenance.Calibration calibration() {
        try {
            return MachineCalibration.take();
        } catch (RuntimeException | OutOfMemoryError e) {
            return null;
        }
    }

    /** The env's spec as a map for summary.json: what decides the figures, secrets masked. */
    public static Map<String, Object> envOf(EnvSpec spec, KafkaAccess access) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("name", spec.name());
        env.put("kind", spec.kind().name().toLowerCase(Locale.ROOT));
        env.put("brokers", spec.brokers());
        env.put("partitions", spec.partitions());
        env.put("replicationFactor", spec.replicationFactor());
        env.put("minInsyncReplicas", spec.minInsyncReplicas());
        env.put("partitioning", spec.partitioning().yamlName());
        env.put("network", String.valueOf(spec.network()).toLowerCase(Locale.ROOT));
        env.put("bootstrapServers", access.bootstrapServers());
        env.put("securityProtocol", access.securityProtocol());
        env.put("clientConfig", access.maskedConfig());
        Map<String, Map<String, String>> brokerConfig = new LinkedHashMap<>();
        spec.brokerConfig().forEach((brokers, settings) -> brokerConfig.put(brokers, Secrets.masked(settings)));
        env.put("brokerConfig", brokerConfig);
        env.put("metrics", spec.metrics().describe());
        return env;
    }

    /** Per broker id, the settings not at Kafka's default; empty when the cluster does not answer in time. */
    static Map<String, Map<String, String>> brokerConfig(KafkaAccess access) {
        Properties config = access.properties();
        int timeout = (int) Timeouts.ADMIN_QUICK.toMillis();
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeout);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeout);
        Map<String, Map<String, String>> brokers = new TreeMap<>();
        try (Admin admin = Admin.create(config)) {
            Collection<Node> nodes = admin.describeCluster().nodes().get(timeout, TimeUnit.MILLISECONDS);
            List<ConfigResource> resources = new ArrayList<>();
            nodes.forEach(n -> resources.add(new ConfigResource(ConfigResource.Type.BROKER, n.idString())));
            Map<ConfigResource, Config> configs = admin.describeConfigs(resources).all()
                    .get(timeout, TimeUnit.MILLISECONDS);
            configs.forEach((resource, brokerConfig) -> {
                Map<String, String> settings = new TreeMap<>();
                for (ConfigEntry entry : brokerConfig.entries()) {
                    if (entry.source() != ConfigEntry.ConfigSource.DEFAULT_CONFIG) {
                        // the broker marks Kafka's PASSWORD settings sensitive and sends no value; the name rule catches the rest
                        settings.put(entry.name(), entry.isSensitive() || entry.value() == null || Secrets.isSecret(entry.name())
                                ? Secrets.HIDDEN : entry.value());
                    }
                }
                brokers.put(resource.name(), settings);
            });
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return Map.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        }
        return brokers;
    }

    /** This machine: OS, architecture, cores and memory (0 when the JVM cannot tell). */
    public static Provenance.Machine machine() {
        long memoryMb = 0;
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            memoryMb = os.getTotalMemorySize() / (1024 * 1024);
        }
        return new Provenance.Machine(System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(), memoryMb,
                cpu(Path.of("/proc/cpuinfo")));
    }

    /**
     * The first processor's model and clock from a /proc/cpuinfo ("AMD EPYC, 2445 MHz"); null when the
     * file is missing or names no model. Two VMs of one class can differ twice in speed, so a result
     * says which it ran on.
     */
    static String cpu(Path cpuinfo) {
        List<String> lines;
        try {
            lines = Files.readAllLines(cpuinfo);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        String model = null;
        String mhz = null;
        for (String line : lines) {
            if (line.isBlank() && model != null) {
                break; // the first processor's block ends
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            if (key.equals("model name") && model == null) {
                model = value;
            } else if (key.equals("cpu MHz") && mhz == null) {
                mhz = value;
            }
        }
        if (model == null || model.isEmpty()) {
            return null;
        }
        if (mhz == null) {
            return model;
        }
        try {
            return model + ", " + Math.round(Double.parseDouble(mhz)) + " MHz";
        } catch (NumberFormatException e) {
            return model;
        }
    }
}
