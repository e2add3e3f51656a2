package io.supplychaos.session;

import java.util.Optional;
import java.util.function.Function;

import io.supplychaos.env.EnvSpec;

/**
 * What a session is opened for: the env, how it may use one already up, the apps to start on it,
 * and how a refusal is worded for the caller's input (a scenario's field {@code env}, a verb's
 * {@code --env}).
 *
 * @param source  the file the env came from, recorded with it
 * @param refusal turns the reason a running env cannot be used into the caller's bad-input exception
 */
public record SessionPlan(EnvSpec env, String source, Reuse reuse, Apps apps,
                          Function<String, ? extends RuntimeException> refusal) {

    /** How a session may use an env already up or attached in the state directory. */
    public enum Reuse {
        /** It needs an env of its own: one already up is refused; the one it starts is stopped at the end (a run). */
        NONE,
        /** It uses the env up when it is the one asked for, else starts it and stops it at the end (verify). */
        IF_RUNNING,
        /** It uses the env up when it is the one asked for, else starts it and leaves it up (a scenario's {@code reuseEnv: true}). */
        KEEP
    }

    /** A plan whose refusal is an {@link IllegalArgumentException} with the reason as its message. */
    public SessionPlan(EnvSpec env, String source, Reuse reuse, Apps apps) {
        this(env, source, reuse, apps, IllegalArgumentException::new);
    }

    /** Whether a session opened for this plan can host {@code next} too: the same env, reuse and apps. */
    public boolean hosts(SessionPlan next) {
        return next.env().equals(env) && next.reuse() == reuse && next.apps().equals(apps);
    }

    /**
     * Why the env {@code running}, up in the state directory, cannot host a session on {@code wanted},
     * or empty when it can: only the env asked for, started with the same settings (a c3 started with
     * other broker settings would measure something else under the same name), and only when the
     * session may use an env it did not start.
     */
    public static Optional<String> refusal(EnvSpec running, EnvSpec wanted, Reuse reuse) {
        String name = running.name();
        if (!name.equals(wanted.name())) {
            return Optional.of("no environment running (" + name + " is up: `./chaos down` first)");
        }
        if (!running.equals(wanted)) {
            return Optional.of("the env " + name + " that is up was started with other settings: `./chaos down` first");
        }
        if (reuse == Reuse.NONE) {
            return Optional.of("no environment running (" + name + " is up: `./chaos down` first, or set reuseEnv: true "
                    + "to run on it)");
        }
        return Optional.empty();
    }
}
