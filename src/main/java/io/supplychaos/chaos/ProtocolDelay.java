package io.supplychaos.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.supplychaos.protocol.ProtocolAction;
import io.supplychaos.protocol.ProtocolRule;
import io.supplychaos.spec.Rule;

/**
 * {@code protocol-delay}: requests of one API key, or their responses, held back {@code ms} by the
 * protocol proxy (Fetch delayed, say, while Produce goes at full speed), where Toxiproxy's latency
 * delays every byte of a link. {@code stream: upstream} holds the request, {@code downstream} (the
 * default) its response; the requests or responses after it on the same connection wait too, as
 * Kafka answers a connection's requests in order. Lasts until its heal, or heal.
 */
final class ProtocolDelay implements ProtocolFaultDefinition {

    @Override
    public String name() {
        return "protocol-delay";
    }

    @Override
    public String summary() {
        return "requests of one API, or their responses, held back";
    }

    @Override
    public List<FaultAttribute> attributes() {
        return List.of(FaultAttribute.required("api", API),
                FaultAttribute.required("ms", Rule.whole(1, FaultAttribute.MAX_DELAY_MS, "milliseconds", null)),
                FaultAttribute.optional("stream", Rule.oneOf(List.of("upstream", "downstream"))),
                SHARE_ATTRIBUTE, MIN_VERSION, MAX_VERSION);
    }

    @Override
    public void checkBetween(Map<String, String> given) {
        ProtocolFaultDefinition.checkVersions(name(), given);
    }

    @Override
    public String what(FaultSpec spec) {
        return "protocol-delay " + spec.attribute("api", "?") + " " + spec.attribute("ms", "?") + " ms"
                + ("upstream".equals(spec.attribute("stream", "downstream")) ? " (requests)" : "")
                + ProtocolFaultDefinition.share(spec);
    }

    @Override
    public List<ProtocolRule> rules(FaultSpec spec) {
        Duration by = Duration.ofMillis(OnToxiproxy.whole(spec, "ms", null, 1));
        ProtocolAction action = "upstream".equals(spec.attribute("stream", "downstream"))
                ? new ProtocolAction.DelayRequest(by) : new ProtocolAction.DelayResponse(by);
        return List.of(ProtocolFaultDefinition.rule(spec, spec.attribute("api", ""), action));
    }
}
