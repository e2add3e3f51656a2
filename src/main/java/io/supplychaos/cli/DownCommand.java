package io.supplychaos.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import io.supplychaos.cluster.Release;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.kind.Environments;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.kind.embedded.EnvState;
import io.supplychaos.time.Timeouts;

/**
 * {@code down}: stops every process the recorded environment started, even a half-started one; on
 * a cluster the tool attached to, undoes what it changed there, lists and confirms first what it
 * will change on it ({@link YesOption}), and forgets it.
 */
@Command(name = "down", description = "Stop the app instances a run left, the brokers and Toxiproxy of the running env, and remove "
        + "the data it wrote. On a cluster supply-chaos attached to: undo what it changed there (start or resume the brokers it "
        + "stopped or paused, delete the Chaos Mesh resources it created, remove its toxics), listed and confirmed first "
        + "(or --yes), and forget it.")
final class DownCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Option(names = "--keep", description = "Keep the brokers' data directories (for inspection).")
    boolean keep;

    @Mixin
    YesOption confirm;

    /** Where an attached cluster is let go from: the tool's own, or a test's with recorded commands and a fake admin. */
    Function<ChaosPaths, Environments> environments = Environments::of;

    private static String leftovers(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().collect(Collectors.joining(", "));
        } catch (IOException e) {
            return "(cannot list: " + e.getMessage() + ")";
        }
    }

    @Option(names = "--delete-topics", description = "For a cluster supply-chaos attached to (kind compose, external, "
            + "kubernetes): delete the supply-chain topics, the app's Streams internal topics (supply-chaos-*-changelog, -repartition) and its "
            + "consumer groups (supply-chaos, supply-chaos-sse); nothing else. Never done otherwise.")
    boolean deleteTopics;

    @Override
    public Integer call() {
        long t0 = System.nanoTime();
        Optional<Attachment> attached = Attachment.read(common.paths().stateDir());
        if (attached.isPresent()) {
            var out = spec.commandLine().getOut();
            Attachment attachment = attached.get();
            // what it will change on a cluster it did not start is listed and confirmed before anything is done
            Release release = environments.apply(common.paths()).releasePlan(attachment, deleteTopics);
            if (!confirm.confirmed("down will change env " + attachment.envName() + " (" + attachment.spec().kind().yamlName()
                    + "), a cluster supply-chaos did not start", release.foreignChanges(), out, spec.commandLine().getErr())) {
                return ChaosCli.EXIT_BAD_INPUT;
            }
            // the app instances a run left are ours; the cluster is not
            new AppInstances(common.paths()).stopAll(Timeouts.APP_STOP_GRACE);
            release.apply(out::println);
            out.printf("env %s (%s) released in %.1f s%n", attachment.envName(), attachment.spec().kind().yamlName(),
                    (System.nanoTime() - t0) / 1e9);
            return 0;
        }
        if (deleteTopics) {
            throw new IllegalArgumentException("--delete-topics is for a cluster supply-chaos attached to; "
                    + "an embedded env's topics go with its data");
        }
        Optional<EnvState> stopped = new EmbeddedEnvironment(common.paths()).down(keep);
        var out = spec.commandLine().getOut();
        if (stopped.isEmpty()) {
            out.println("no environment recorded in " + common.paths().stateDir() + "; nothing to stop");
            return 0;
        }
        out.printf("env %s down in %.1f s (%d broker(s)%s); data %s%n", stopped.get().envName(),
                (System.nanoTime() - t0) / 1e9, stopped.get().brokers().size(),
                (stopped.get().toxiproxyApi() != null ? ", Toxiproxy" : "")
                        + (stopped.get().protocolProxy() != null ? ", the protocol proxy" : ""),
                keep ? "kept in " + stopped.get().dataDir() : "removed");
        Path data = Path.of(stopped.get().dataDir());
        if (!keep && Files.isDirectory(data)) {
            // only what the tool wrote goes (StateDir): say what stayed, so nobody thinks it was forgotten
            out.println("left in " + data + " (not written by supply-chaos): " + leftovers(data));
        }
        return 0;
    }
}
