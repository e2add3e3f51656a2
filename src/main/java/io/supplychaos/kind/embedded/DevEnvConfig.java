package io.supplychaos.kind.embedded;

import java.util.Optional;

import io.quarkus.arc.Unremovable;
import io.smallrye.config.ConfigMapping;

/**
 * Declares dev mode's env key {@code supply.env} (c1, c2, c3 or an env file) to Quarkus: the app
 * maps the {@code supply} prefix, so without this mapping {@code -Dsupply.env=c3} fails SmallRye's
 * unknown-key validation. {@link DevModeEnvironment} reads the key (and applies the default) from
 * its ConfigSourceContext, before any mapping exists; nothing injects this, hence {@code @Unremovable}
 * (Quarkus registers a mapping without an injection point only then).
 */
@Unremovable
@ConfigMapping(prefix = "supply")
public interface DevEnvConfig {

    Optional<String> env();
}
