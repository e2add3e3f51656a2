package io.supplychaos.env;

/**
 * A docker-compose environment as an env file of {@code kind: compose} names it: the compose file
 * (the repo's docker-compose.yml by default), resolved against the env file's directory. Its
 * {@code kafka-N} services are the brokers, its {@code toxiproxy} service the proxies.
 *
 * @param file     the compose file, absolute
 * @param override a compose file laid over it ({@code -f FILE -f OVERRIDE}), absolute; null: none.
 *                 docker/local-images.yml puts the locally built images in place of the published ones
 */
public record ComposeTarget(String file, String override) {

    public ComposeTarget(String file) {
        this(file, null);
    }
}
