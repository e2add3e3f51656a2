package io.supplychaos.env;

import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.supplychaos.spec.Rule;
import io.supplychaos.spec.Shape;
import io.supplychaos.spec.SpecNode;

/**
 * Reads the fields of an env of {@code kind: external} into an {@link ExternalTarget}:
 * {@code bootstrapServers}, {@code toxiproxy} (the API URL, or {@code {api, proxies}}), the
 * {@code brokerCommands} and {@code hosts}. Broker ids are checked against the env's brokers and
 * command placeholders against {@code {id}} and {@code {host}}. Touches nothing.
 */
final class ExternalTargetReader {

    private static final Pattern ADDRESS = Pattern.compile("[A-Za-z0-9.\\-\\[\\]:]+:[0-9]{1,5}");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^}]*)}");
    private static final Set<String> PLACEHOLDERS = Set.of("id", "host");
    private static final String URL = "the Toxiproxy API URL, e.g. http://toxiproxy.example:8474";
    private static final String BOOTSTRAP = "HOST:PORT[,HOST:PORT...], the addresses clients bootstrap from";

    private static final Shape.Keys PROXY_LINKS = Shape.keys(Arrays.stream(ProxyLink.values())
            .map(link -> Shape.optional(link.yamlName(), Shape.text("the proxy's name in Toxiproxy"), null))
            .toArray(Shape.Field[]::new));
    private static final Shape.Keys TOXIPROXY = Shape.keys(
            Shape.required("api", Shape.text(URL), "The Toxiproxy API"),
            Shape.optional("proxies", new Shape.MapOf(Shape.wholeNames(EnvSpecReader.MAX_BROKERS), "broker ids", PROXY_LINKS),
                    "Per broker, the names of its proxies when they are not broker-N-client and broker-N-replication"));
    private static final Shape.Keys BROKER_COMMANDS = Shape.keys(Arrays.stream(ExternalTarget.BrokerCommand.values())
            .map(command -> Shape.optional(command.yamlName(), new Shape.ListOf(Shape.scalar(
                    "an argument; {id} and {host} are filled in"), true), null)).toArray(Shape.Field[]::new));

    /** The fields of an env of kind external, beside the fields every env has. */
    static final List<Shape.Field> FIELDS = List.of(
            Shape.optional("bootstrapServers", new Shape.Value(Shape.json("type", "string", "pattern",
                    "^\\s*(?:" + ADDRESS.pattern() + ")(?:\\s*,\\s*(?:" + ADDRESS.pattern() + "))*\\s*$"), BOOTSTRAP),
                    "Where clients connect (required for kind: external)"),
            Shape.optional("toxiproxy", Shape.anyOf(Shape.text(URL), TOXIPROXY),
                    "The Toxiproxy in front of the brokers, for network faults"),
            Shape.optional("brokerCommands", BROKER_COMMANDS, "The commands (argument lists, no shell) that act on one broker"),
            Shape.optional("hosts", new Shape.MapOf(Shape.wholeNames(EnvSpecReader.MAX_BROKERS), "broker ids",
                    Shape.value(HostName.RULE)),
                    "Per broker, the host its commands name as {host}"));

    private ExternalTargetReader() {
    }

    static ExternalTarget read(SpecNode env, int brokers) {
        String bootstrap = bootstrap(env.get("bootstrapServers"));
        String api = null;
        Map<Integer, Map<ProxyLink, String>> proxies = new TreeMap<>();
        SpecNode toxiproxy = env.get("toxiproxy");
        if (toxiproxy.present()) {
            if (toxiproxy.isScalar()) {
                api = url(toxiproxy);
            } else {
                toxiproxy.mapping("with api (the Toxiproxy API URL) and proxies").only(TOXIPROXY);
                api = url(toxiproxy.get("api"));
                proxies = proxies(toxiproxy.get("proxies"), brokers);
            }
        }
        return new ExternalTarget(bootstrap, api, proxies, hosts(env.get("hosts"), brokers),
                commands(env.get("brokerCommands")));
    }

    private static String bootstrap(SpecNode node) {
        String text = node.text().trim();
        for (String address : text.split("\\s*,\\s*")) {
            if (!ADDRESS.matcher(address).matches()) {
                throw node.refuse(BOOTSTRAP);
            }
        }
        return text.replaceAll("\\s+", "");
    }

    private static String url(SpecNode node) {
        String text = node.text().trim();
        try {
            URI uri = URI.create(text);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null
                    && uri.getPort() > 0) {
                return text.replaceAll("/+$", "");
            }
        } catch (IllegalArgumentException e) {
            // refused below
        }
        throw node.refuse(URL);
    }

    private static int brokerId(SpecNode node, String key, int brokers) {
        return Math.toIntExact(Rule.whole(1, brokers, null, "the env's brokers").parse(key)
                .orElseThrow(() -> node.error("a broker id from 1 to " + brokers + " as the key, got '" + key + "'")));
    }

    private static Map<Integer, Map<ProxyLink, String>> proxies(SpecNode node, int brokers) {
        Map<Integer, Map<ProxyLink, String>> proxies = new TreeMap<>();
        if (!node.present()) {
            return proxies;
        }
        node.mapping("of broker id to {client: PROXY, replication: PROXY}");
        for (Map.Entry<String, SpecNode> broker : node.entries().entrySet()) {
            int id = brokerId(broker.getValue(), broker.getKey(), brokers);
            SpecNode links = broker.getValue().mapping("of link (client, replication) to the proxy's name in Toxiproxy")
                    .only(PROXY_LINKS);
            Map<ProxyLink, String> names = new EnumMap<>(ProxyLink.class);
            for (ProxyLink link : ProxyLink.values()) {
                if (links.has(link.yamlName())) {
                    names.put(link, links.get(link.yamlName()).text());
                }
            }
            proxies.put(id, names);
        }
        return proxies;
    }

    private static Map<Integer, String> hosts(SpecNode node, int brokers) {
        Map<Integer, String> hosts = new TreeMap<>();
        if (!node.present()) {
            return hosts;
        }
        node.mapping("of broker id to the host its commands name as {host}");
        for (Map.Entry<String, SpecNode> entry : node.entries().entrySet()) {
            // put into commands as {host}: a host name or address, never an option, a path or shell text
            String host = entry.getValue().as(HostName.RULE);
            hosts.put(brokerId(entry.getValue(), entry.getKey(), brokers), host);
        }
        return hosts;
    }

    private static Map<ExternalTarget.BrokerCommand, List<String>> commands(SpecNode node) {
        Map<ExternalTarget.BrokerCommand, List<String>> commands = new LinkedHashMap<>();
        if (!node.present()) {
            return commands;
        }
        node.mapping("of kill, stop, start, pause, resume to a command").only(BROKER_COMMANDS);
        for (ExternalTarget.BrokerCommand command : ExternalTarget.BrokerCommand.values()) {
            SpecNode value = node.get(command.yamlName());
            if (!value.present()) {
                continue;
            }
            String what = "arguments (no shell), e.g. [ssh, \"{host}\", sudo, systemctl, kill, -s, KILL, kafka]";
            if (!value.isSequence()) {
                throw value.refuse("a list of " + what);
            }
            List<String> args = new ArrayList<>();
            for (SpecNode item : value.items(what)) {
                String arg = item.scalar();
                Matcher placeholder = PLACEHOLDER.matcher(arg);
                while (placeholder.find()) {
                    if (!PLACEHOLDERS.contains(placeholder.group(1))) {
                        throw item.refuse("an argument whose placeholders are {id} and {host}, not {" + placeholder.group(1) + "}");
                    }
                }
                args.add(arg);
            }
            if (args.isEmpty()) {
                throw value.refuse("a list of " + what + " with at least the program");
            }
            commands.put(command, args);
        }
        return commands;
    }
}
