package io.supplychaos.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import io.supplychaos.env.AppInstances;
import io.supplychaos.env.Attachment;
import io.supplychaos.cluster.ClusterTopics;
import io.supplychaos.env.SuiteProcesses;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.kind.embedded.EnvState;
import io.supplychaos.kind.embedded.EnvStatus;
import io.supplychaos.time.Timeouts;

/**
 * {@code status}: brokers (running/paused/stopped), proxies with their toxics, leaders and ISR per
 * topic, under-replicated partitions and app instances of the recorded environment. Reads
 * {@code .chaos/state.json} and {@code apps.json}, /proc, the Toxiproxy API and the brokers.
 */
@Command(name = "status", description = "Show the running env: brokers, proxies and toxics, leaders and ISR, under-replicated partitions, apps.")
final class StatusCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print the status as JSON (schema in docs/ENVIRONMENTS.md).")
    boolean json;

    @Override
    public Integer call() throws JsonProcessingException {
        Optional<Attachment> attached = Attachment.read(common.paths().stateDir());
        if (attached.isPresent()) {
            return attachedStatus(attached.get());
        }
        Optional<EnvState> state = new EmbeddedEnvironment(common.paths()).recorded();
        PrintWriter out = spec.commandLine().getOut();
        List<AppInstances.AppInstance> apps = new AppInstances(common.paths()).read();
        EnvStatus.Report report = state.map(s -> EnvStatus.of(s, apps)).orElse(
                new EnvStatus.Report(null, null, null, List.of(), null, null, List.of(), List.of()));
        if (json) {
            out.println(JSON.writeValueAsString(report));
        } else if (state.isEmpty()) {
            out.println("no environment recorded in " + common.paths().stateDir());
        } else {
            printText(report, out);
            SuiteProcesses suite = new SuiteProcesses(common.paths());
            suite.read().forEach(p -> out.printf("verify %s  pid %-7s %s  log %s%n", p.role(), p.pid(),
                    suite.alive(p) ? "running" : "stopped", p.log()));
        }
        return 0;
    }

    /** A cluster the tool attached to: what it is, how it is reached, which brokers answer; never a secret. */
    private int attachedStatus(Attachment attached) throws JsonProcessingException {
        PrintWriter out = spec.commandLine().getOut();
        var access = attached.access();
        String brokers;
        try {
            brokers = "registered " + ClusterTopics.registered(access, Timeouts.STATUS_QUERY);
        } catch (RuntimeException e) {
            brokers = "no answer (" + e.getMessage() + ")";
        }
        List<AppInstances.AppInstance> apps = new AppInstances(common.paths()).read();
        if (json) {
            java.util.Map<String, Object> report = new java.util.LinkedHashMap<>();
            report.put("env", attached.envName());
            report.put("kind", attached.spec().kind().yamlName());
            report.put("bootstrapServers", access.bootstrapServers());
            report.put("clientConfig", access.maskedConfig());
            report.put("brokers", brokers);
            report.put("attachedAt", attached.attachedAt().toString());
            report.put("apps", apps);
            out.println(JSON.writeValueAsString(report));
            return 0;
        }
        out.printf("env %s (%s, attached %s by %s)%nbootstrap servers: %s (%s)%nbrokers: %s%n", attached.envName(),
                attached.spec().kind().yamlName(), attached.attachedAt(), attached.recordedBy(), access.bootstrapServers(),
                access.securityProtocol(), brokers);
        if (!access.clientConfig().isEmpty()) {
            out.println("client config: " + access.maskedConfig());
        }
        apps.forEach(app -> out.printf("app %d  pid %s  log %s%n", app.index(), app.pid(), app.log()));
        return 0;
    }

    private static void printText(EnvStatus.Report report, PrintWriter out) {
        out.printf("env %s (%s)%nbootstrap servers: %s%n", report.env(), report.phase(), report.bootstrapServers());
        report.brokers().forEach(b -> out.printf("broker %d  pid %-7s %-8s %s%n", b.id(), b.pid(), b.state(), b.address()));
        EnvStatus.ToxiproxyStatus toxiproxy = report.toxiproxy();
        if (toxiproxy.api() == null) {
            out.println("toxiproxy: none (network: direct)");
        } else {
            out.printf("toxiproxy %s  pid %s %s%n", toxiproxy.api(), toxiproxy.pid(), toxiproxy.state());
            toxiproxy.proxies().forEach(p -> out.printf("  %-22s %s -> %s  %s  toxics: %s%n", p.name(), p.listen(),
                    p.upstream(), Boolean.FALSE.equals(p.enabled()) ? "DISABLED" : "enabled",
                    p.toxics().isEmpty() ? "none" : p.toxics()));
        }
        out.println("under-replicated partitions: "
                + (report.underReplicatedPartitions() == null ? "unknown (the cluster did not answer in time)" : report.underReplicatedPartitions()));
        if (report.topics() != null) {
            out.println("partition: leader [isr] (* = under-replicated)");
            report.topics().stream().filter(t -> !t.name().startsWith("__")).forEach(t -> out.printf("  %-20s %s%n", t.name(),
                    String.join(" ", t.partitions().stream().map(p -> p.partition() + ":" + (p.leader() == null ? "-" : p.leader())
                            + p.isr().toString().replace(" ", "") + (p.isr().size() < p.replicas().size() ? "*" : "")).toList())));
        }
        // Kafka's test apps (./chaos verify) have no HTTP server: port 0
        report.apps().forEach(a -> out.printf("app %d  pid %-7s %-8s %s%n", a.index(), a.pid(), a.state(),
                a.httpPort() > 0 ? "http://127.0.0.1:" + a.httpPort() : "(Kafka test app, no HTTP)"));
    }
}
