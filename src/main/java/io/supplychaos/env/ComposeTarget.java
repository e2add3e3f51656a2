package io.supplychaos.env;

/**
 * A docker-compose environment as an env file of {@code kind: compose} names it: the compose file
 * (the repo's docker-compose.yml by default), resolved against the env file's directory. Its
 * {@code kafka-N} services are the brokers, its {@code toxiproxy} service the proxies.
 *
 * @param file the compose file, absolute
 */
public record ComposeTarget(String file) {
}
