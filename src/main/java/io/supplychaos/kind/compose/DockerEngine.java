package io.supplychaos.kind.compose;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

import io.supplychaos.env.CommandRunner;
import io.supplychaos.time.Timeouts;

/**
 * The Docker engine the docker CLI on the PATH talks to ({@code $DOCKER_HOST}, else the CLI's
 * default socket), and the compose implementation installed beside it. {@link #check} answers
 * before anything starts, with a {@link DockerUnavailableException} that names what is missing.
 */
public final class DockerEngine {

    private DockerEngine() {
    }

    /** The server version of the daemon the CLI reaches; throws naming what is missing. */
    public static String check(CommandRunner docker) {
        try {
            docker.run(List.of("docker", "--version"), Timeouts.DOCKER_COMMAND);
        } catch (UncheckedIOException e) {
            throw new DockerUnavailableException("no docker CLI on the PATH (install Docker, e.g. apt-get install docker.io)", e);
        }
        try {
            return docker.run(List.of("docker", "version", "--format", "{{.Server.Version}}"), Timeouts.DOCKER_COMMAND)
                    .lines().reduce((first, last) -> last).orElse("").trim();
        } catch (RuntimeException e) {
            throw new DockerUnavailableException("the docker daemon is not reachable at " + endpoint()
                    + " (start dockerd, or point DOCKER_HOST at a running one): " + lastLine(e.getMessage()), e);
        }
    }

    /** The compose implementation installed: the v2 plugin ({@code docker compose}) first, else {@code docker-compose}. */
    public static ComposeCli compose(CommandRunner docker) {
        for (ComposeCli cli : List.of(ComposeCli.PLUGIN, ComposeCli.STANDALONE)) {
            try {
                docker.run(cli.command(List.of("version")), Timeouts.DOCKER_COMMAND);
                return cli;
            } catch (RuntimeException e) {
                // not this one
            }
        }
        throw new DockerUnavailableException("no docker compose: neither the Compose v2 plugin (`docker compose`) nor "
                + "`docker-compose` is installed (apt-get install docker-compose, or Docker's compose plugin)");
    }

    /** Where the CLI connects, as a message names it. */
    static String endpoint() {
        return Optional.ofNullable(System.getenv("DOCKER_HOST")).filter(s -> !s.isBlank())
                .orElse("unix:///var/run/docker.sock (DOCKER_HOST unset)");
    }

    private static String lastLine(String message) {
        if (message == null) {
            return "";
        }
        return message.strip().lines().reduce((first, last) -> last).orElse("");
    }
}
