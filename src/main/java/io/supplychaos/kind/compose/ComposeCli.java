package io.supplychaos.kind.compose;

import java.util.ArrayList;
import java.util.List;

/**
 * A compose implementation: Docker's Compose v2 plugin ({@code docker compose}) or the standalone
 * {@code docker-compose} (Debian's 1.29, Python). Both read docker-compose.yml; they differ in the
 * command, in how {@code ps} filters running services and in container names (v2
 * {@code PROJECT-SERVICE-1}, 1.x {@code PROJECT_SERVICE_1}; the repo's file names its containers).
 */
public enum ComposeCli {
    PLUGIN(List.of("docker", "compose"), List.of("ps", "--status", "running", "--services")),
    STANDALONE(List.of("docker-compose"), List.of("ps", "--services", "--filter", "status=running"));

    private final List<String> command;
    private final List<String> runningServices;

    ComposeCli(List<String> command, List<String> runningServices) {
        this.command = command;
        this.runningServices = runningServices;
    }

    /** The command line of {@code args} with this implementation. */
    public List<String> command(List<String> args) {
        List<String> all = new ArrayList<>(command);
        all.addAll(args);
        return all;
    }

    /** The arguments that list the running services, one per line. */
    List<String> runningServices() {
        return runningServices;
    }

    /** How messages name it: {@code docker compose} or {@code docker-compose}. */
    public String displayName() {
        return String.join(" ", command);
    }
}
