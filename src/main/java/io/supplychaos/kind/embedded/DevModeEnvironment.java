package io.supplychaos.kind.embedded;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.jboss.logging.Logger;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.PortPlan;
import io.supplychaos.env.StateDir;
import io.supplychaos.env.StateDirLock;

/**
 * Dev mode's Kafka: when {@code ./mvnw quarkus:dev} runs with no {@code kafka.bootstrap.servers}
 * configured, starts the embedded env named by {@code supply.env} (default c1) from the project's
 * {@code .chaos/} (or reuses the env already running there, e.g. from {@code ./chaos up}) and
 * supplies its bootstrap servers to Kafka Streams and SmallRye before they start. Active in the
 * dev profile only. Its keys are declared by {@link DevEnvConfig}.
 *
 * <p>Ownership: only the JVM that started the env stops it, from a JVM shutdown hook, i.e. when dev
 * mode ends. Not on ShutdownEvent (fired on every live reload), and never an env that was already
 * running. After a live reload this factory runs again in a new class loader, finds the env
 * running and reuses it, so the first loader's hook remains the one owner.
 */
public final class DevModeEnvironment implements ConfigSourceFactory {
    private static final Logger LOG = Logger.getLogger(DevModeEnvironment.class);
    static final String ENV_KEY = "supply.env";
    private static final int ORDINAL = 275; // above application.properties (250), below env vars (300) and -D (400)
    /**
     * A system property, not a static field: it must survive live reloads, which discard this class.
     * Outside the app's {@code supply} prefix, whose unknown keys fail config validation.
     */
    private static final String OWNER_PROPERTY = "supply-chaos.dev-mode.env-started-at";

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        if (!context.getProfiles().contains("dev") || value(context, "kafka.bootstrap.servers").isPresent()) {
            return List.of();
        }
        String envName = value(context, ENV_KEY).orElse("c1");
        // the same variable as ./chaos up, so the CLI and dev mode find the same env
        int basePort = Optional.ofNullable(System.getenv("SUPPLY_CHAOS_BASE_PORT")).map(Integer::parseInt)
                .orElse(PortPlan.DEFAULT_BASE_PORT);
        EnvState env = ensureRunning(envName, basePort);
        return List.of(new PropertiesConfigSource(Map.of(
                "kafka.bootstrap.servers", env.bootstrapServers(),
                "quarkus.kafka-streams.bootstrap-servers", env.bootstrapServers(),
                // with the cluster's data, so that `down` or a new env never leaves it state of another cluster
                "kafka-streams.state.dir", StateDir.createOwned(Path.of(env.dataDir()).resolve("dev-app")).resolve("streams").toString()),
                "supply-chaos embedded env " + envName, ORDINAL));
    }

    private static synchronized EnvState ensureRunning(String envName, int basePort) {
        EmbeddedEnvironment environment = new EmbeddedEnvironment(ChaosPaths.defaults());
        Optional<EnvState> running = environment.running().filter(s -> EnvState.RUNNING.equals(s.phase()));
        if (running.isPresent()) {
            boolean ours = running.get().startedAt().toString().equals(System.getProperty(OWNER_PROPERTY));
            if (!running.get().envName().equals(envName)) {
                LOG.warnf("dev mode: %s=%s asked for, but env '%s' is already running here: using it (./chaos down to switch)",
                        ENV_KEY, envName, running.get().envName());
            }
            LOG.infof("dev mode: using the running env '%s' (%s); %s", running.get().envName(),
                    running.get().bootstrapServers(), ours ? "it stops when dev mode ends"
                            : "started elsewhere, so it keeps running when dev mode ends");
            return running.get();
        }
        EnvSpec spec = EnvSpecReader.read(EnvFiles.resolve(environment.paths(), envName));
        LOG.infof("dev mode: starting env '%s' (ports from %d); it stops when dev mode ends", envName, basePort);
        EmbeddedEnvironment.UpResult result;
        // like ./chaos up: refused while a run, up or bench in another terminal holds the state directory
        try (StateDirLock lock = StateDirLock.acquire(environment.paths(), "quarkus:dev (supply.env=" + envName + ")")) {
            result = environment.up(spec, envName, basePort, line -> LOG.info("dev mode: " + line));
        }
        EnvState state = result.state();
        if (!result.reused()) {
            System.setProperty(OWNER_PROPERTY, state.startedAt().toString());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> environment.stop(state, false), "supply-chaos-dev-env-stop"));
        }
        LOG.infof("dev mode: env '%s' up in %.1f s, bootstrap servers %s", envName, result.took().toMillis() / 1000.0,
                state.bootstrapServers());
        return state;
    }

    private static Optional<String> value(ConfigSourceContext context, String name) {
        ConfigValue value = context.getValue(name);
        return value == null || value.getValue() == null || value.getValue().isBlank()
                ? Optional.empty() : Optional.of(value.getValue());
    }
}
