package io.supplychaos.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.supplychaos.env.EmbeddedEnvironment;
import io.supplychaos.env.EnvState;
import io.supplychaos.env.EnvStatus;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code status}: brokers, proxies and under-replicated partitions of the recorded environment. */
@Command(name = "status", description = "Show the running env: brokers, Toxiproxy proxies, under-replicated partitions.")
final class StatusCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print the status as JSON (schema in DESIGN.md).")
    boolean json;

    @Override
    public Integer call() throws JsonProcessingException {
        Optional<EnvState> state = new EmbeddedEnvironment(common.paths()).recorded();
        PrintWriter out = spec.commandLine().getOut();
        EnvStatus.Report report = state.map(EnvStatus::of).orElse(
                new EnvStatus.Report(null, null, null, List.of(), null, null, List.of()));
        if (json) {
            out.println(JSON.writeValueAsString(report));
        } else if (state.isEmpty()) {
            out.println("no environment recorded in " + common.paths().stateDir());
        } else {
            printText(report, out);
        }
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
                + (report.underReplicatedPartitions() == null ? "unknown" : report.underReplicatedPartitions()));
    }
}
