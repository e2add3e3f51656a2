package io.supplychaos.chaos;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.supplychaos.spec.Rule;

/**
 * {@code slice}: data cut in pieces of {@code averageSize} bytes (± {@code sizeVariation}, which must
 * be smaller) with {@code delayUs} between them. Toxiproxy's {@code slicer} toxic; Chaos Mesh has no
 * such action. Lasts until its heal, or heal.
 */
final class Slice implements NetworkFaultDefinition {

    /** The average size when none is given (Toxiproxy's slicer needs one). */
    static final long DEFAULT_SIZE = 1024;

    @Override
    public String name() {
        return "slice";
    }

    @Override
    public String summary() {
        return "data cut in small pieces with a delay between them";
    }

    @Override
    public List<FaultAttribute> attributes() {
        return List.of(
                FaultAttribute.optional("averageSize", Rule.whole(1, FaultAttribute.MAX_SLICE_BYTES, "bytes", null)),
                FaultAttribute.optional("sizeVariation", Rule.whole(0, FaultAttribute.MAX_SLICE_BYTES, "bytes", null)),
                FaultAttribute.optional("delayUs", Rule.whole(0, FaultAttribute.MAX_DELAY_MS * 1000, "microseconds", null)),
                FaultAttribute.LINK, FaultAttribute.STREAM, FaultAttribute.TOXICITY);
    }

    @Override
    public void checkBetween(Map<String, String> given) {
        if (given.containsKey("sizeVariation")) {
            long average = given.containsKey("averageSize")
                    ? Rule.whole(1, Long.MAX_VALUE).parse(given.get("averageSize")).orElseThrow() : DEFAULT_SIZE;
            FaultAttribute.within(name(), given, "sizeVariation", Rule.whole(0, average - 1, "bytes", "smaller than averageSize"));
        }
    }

    @Override
    public String what(FaultSpec spec) {
        return "slice " + spec.attribute("averageSize", String.valueOf(DEFAULT_SIZE))
                + " B" + (Long.parseLong(spec.attribute("sizeVariation", "0")) > 0
                ? " ± " + spec.attribute("sizeVariation", "0") + " B" : "")
                + (Long.parseLong(spec.attribute("delayUs", "0")) > 0 ? " every " + spec.attribute("delayUs", "0")
                + " µs" : "");
    }

    @Override
    public OnToxiproxy onToxiproxy() {
        return OnToxiproxy.toxic("slicer", spec -> {
            Map<String, Long> attributes = new LinkedHashMap<>();
            attributes.put("average_size", OnToxiproxy.whole(spec, "averageSize", DEFAULT_SIZE, 1));
            attributes.put("size_variation", OnToxiproxy.whole(spec, "sizeVariation", 0L, 0));
            attributes.put("delay", OnToxiproxy.whole(spec, "delayUs", 0L, 0));
            if (attributes.get("size_variation") >= attributes.get("average_size")) {
                throw new IllegalArgumentException("slice: sizeVariation must be smaller than averageSize");
            }
            return attributes;
        });
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.refused("Chaos Mesh has no slice action");
    }
}
