package io.supplychaos.env;

import java.util.Optional;
import java.util.regex.Pattern;

import io.supplychaos.spec.Rule;
import io.supplychaos.spec.Shape;

/**
 * What may stand for a broker's {@code {host}} in an external env's {@code brokerCommands}: an RFC
 * 1123 host name (labels of letters, digits and inner dashes, at most 63 characters each and 253
 * in all), an IPv4 address or an IPv6 literal (bare or in brackets, no zone). A host comes from the
 * env file or from the cluster's advertised metadata, and is put into a command the tool runs
 * ({@code ssh {host} ...}): anything else, an option such as {@code -oProxyCommand=...}, spaces,
 * quotes, {@code ;}, {@code $}, {@code /} or {@code =}, is refused before a command is built.
 * Touches nothing.
 */
public final class HostName {

    /** The words every refusal of a host uses. */
    public static final String EXPECTED = "an RFC 1123 host name, an IPv4 address or an IPv6 literal";

    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?");
    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
            + "(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");
    private static final Pattern HEXTET = Pattern.compile("[0-9A-Fa-f]{1,4}");

    /** The same check as a {@link Rule}, for the env file's {@code hosts:}. */
    public static final Rule<String> RULE = Rule.of(EXPECTED, text -> Optional.of(text.trim()).filter(HostName::valid),
            Shape.json("type", "string", "pattern", "^\\s*[A-Za-z0-9\\[:][A-Za-z0-9.:\\[\\]-]*\\s*$"));

    private HostName() {
    }

    /** True when {@code host}, exactly as given, is a host name, an IPv4 address or an IPv6 literal. */
    public static boolean valid(String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            return ipv6(host.substring(1, host.length() - 1));
        }
        if (host.indexOf(':') >= 0) {
            return ipv6(host);
        }
        return IPV4.matcher(host).matches() || hostName(host);
    }

    /** {@code host} or, when it is not {@link #valid}, an {@link IllegalArgumentException} naming {@code whose} host it is. */
    public static String require(String host, String whose) {
        if (!valid(host)) {
            throw new IllegalArgumentException(whose + " '" + host + "' is not " + EXPECTED);
        }
        return host;
    }

    private static boolean hostName(String host) {
        String name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        if (name.isEmpty() || name.length() > 253) {
            return false;
        }
        for (String label : name.split("\\.", -1)) {
            if (!LABEL.matcher(label).matches()) {
                return false;
            }
        }
        // all-numeric dotted names are IPv4 addresses or nothing: 999.1.1.1 is not a host name
        return !name.matches("[0-9.]+");
    }

    /** Eight hextets, or fewer with one {@code ::}; the last two may be an IPv4 address. */
    private static boolean ipv6(String text) {
        if (text.isEmpty() || !text.matches("[0-9A-Fa-f:.]+")) {
            return false;
        }
        int gap = text.indexOf("::");
        if (gap >= 0 && text.indexOf("::", gap + 1) >= 0) {
            return false;
        }
        String head = gap >= 0 ? text.substring(0, gap) : text;
        String tail = gap >= 0 ? text.substring(gap + 2) : "";
        int groups = 0;
        String[] headParts = head.isEmpty() ? new String[0] : head.split(":", -1);
        String[] tailParts = tail.isEmpty() ? new String[0] : tail.split(":", -1);
        String[][] sides = {headParts, tailParts};
        for (int side = 0; side < 2; side++) {
            String[] parts = sides[side];
            for (int i = 0; i < parts.length; i++) {
                boolean last = i == parts.length - 1 && (side == 1 || gap < 0);
                if (last && parts[i].indexOf('.') >= 0) {
                    if (!IPV4.matcher(parts[i]).matches()) {
                        return false;
                    }
                    groups += 2;
                } else if (HEXTET.matcher(parts[i]).matches()) {
                    groups++;
                } else {
                    return false;
                }
            }
        }
        return gap >= 0 ? groups <= 7 : groups == 8;
    }
}
