package io.supplychaos.env;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;


/**
 * An existing cluster as an env file of {@code kind: external} describes it: where clients
 * bootstrap, the Toxiproxy in front of its brokers (if any) and the commands that kill, stop,
 * start, pause and resume a broker (if any). The tool never starts or stops this cluster by
 * itself; a fault it cannot do with what is configured is refused when the scenario is loaded.
 *
 * @param toxiproxy the Toxiproxy API URL, null when the cluster has none
 * @param proxies   proxy names per broker and link; a broker or link missing here uses the naming
 *                  convention {@code broker-N-client} / {@code broker-N-replication}
 * @param hosts     broker id to host for the commands' {@code {host}}; a broker missing here uses
 *                  the host the cluster's metadata advertises for it
 * @param commands  the broker commands, each an argument list with {@code {id}} and {@code {host}}
 */
public record ExternalTarget(String bootstrapServers, String toxiproxy, Map<Integer, Map<ProxyLink, String>> proxies,
                             Map<Integer, String> hosts, Map<BrokerCommand, List<String>> commands) {

    /** The broker commands an external env may configure, under their env-file names. */
    public enum BrokerCommand {
        KILL("kill"), STOP("stop"), START("start"), PAUSE("pause"), RESUME("resume");

        private final String yamlName;

        BrokerCommand(String yamlName) {
            this.yamlName = yamlName;
        }

        @com.fasterxml.jackson.annotation.JsonValue
        public String yamlName() {
            return yamlName;
        }
    }

    public ExternalTarget {
        Map<Integer, Map<ProxyLink, String>> proxyCopy = new TreeMap<>();
        (proxies == null ? Map.<Integer, Map<ProxyLink, String>>of() : proxies)
                .forEach((id, links) -> proxyCopy.put(id, Collections.unmodifiableMap(new LinkedHashMap<>(links))));
        proxies = Collections.unmodifiableMap(proxyCopy);
        hosts = hosts == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(hosts));
        Map<BrokerCommand, List<String>> commandCopy = new LinkedHashMap<>();
        (commands == null ? Map.<BrokerCommand, List<String>>of() : commands)
                .forEach((command, args) -> commandCopy.put(command, List.copyOf(args)));
        commands = Collections.unmodifiableMap(commandCopy);
    }

    /** The proxy in front of a broker's link: the configured name, else the naming convention. */
    public String proxyName(int brokerId, ProxyLink link) {
        return proxies.getOrDefault(brokerId, Map.of()).getOrDefault(link, link.proxyName(brokerId));
    }

    public Optional<List<String>> command(BrokerCommand command) {
        return Optional.ofNullable(commands.get(command));
    }
}
