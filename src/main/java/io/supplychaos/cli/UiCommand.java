package io.supplychaos.cli;

import io.supplychaos.time.Poll;
import io.supplychaos.ui.UiServer;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code ui}: serves {@link UiServer}'s page on 127.0.0.1 for the env of the state directory (and a
 * run going on in it) until Ctrl-C, then stops the server. Reads the state directory; its buttons
 * inject faults as the fault verbs do.
 */
@Command(name = "ui", description = "Serve a live page on 127.0.0.1: brokers, leaders/ISR, toxics, apps, "
        + "throughput and latency with fault bars, and buttons for the fault verbs. Runs until Ctrl-C.")
final class UiCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "P", defaultValue = "7070", description = "Port on 127.0.0.1 (default: ${DEFAULT-VALUE}).")
    int port;

    @Override
    public Integer call() {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port takes 0..65535, got " + port);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (InterruptGuard guard = new InterruptGuard("ui", Duration.ofSeconds(10));
             UiServer server = UiServer.start(common.paths(), port, warning -> {
                 err.println("warning: " + warning);
                 err.flush();
             })) {
            out.println("chaos ui on " + server.url() + " (state dir " + common.paths().stateDir() + "); Ctrl-C stops it");
            out.flush();
            Poll.until(Duration.ofDays(3650), Duration.ofMillis(200), () -> guard.stop().get());
        }
        out.println("chaos ui stopped");
        out.flush();
        return 0;
    }
}
