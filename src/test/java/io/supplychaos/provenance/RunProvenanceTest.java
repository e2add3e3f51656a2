package io.supplychaos.provenance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;

class RunProvenanceTest {

    @TempDir
    Path dir;

    @Test
    void shouldNameTheFirstProcessorsModelAndClockFromCpuinfo() throws IOException {
        // given two processors whose clocks differ: the first one's is taken
        Path cpuinfo = Files.writeString(dir.resolve("cpuinfo"), """
                processor\t: 0
                vendor_id\t: AuthenticAMD
                model name\t: AMD EPYC 7B13
                cpu MHz\t\t: 2445.428

                processor\t: 1
                model name\t: AMD EPYC 7B13
                cpu MHz\t\t: 3100.000
                """);

        assertThat(RunProvenance.cpu(cpuinfo)).isEqualTo("AMD EPYC 7B13, 2445 MHz");
    }

    @Test
    void shouldNameTheModelAloneWithoutAClockAndNothingWithoutAModel() throws IOException {
        Path noClock = Files.writeString(dir.resolve("arm"), "processor\t: 0\nmodel name\t: Neoverse-N1\n");
        Path noModel = Files.writeString(dir.resolve("bare"), "processor\t: 0\nBogoMIPS\t: 50.00\n");

        assertThat(RunProvenance.cpu(noClock)).isEqualTo("Neoverse-N1");
        assertThat(RunProvenance.cpu(noModel)).isNull();
        assertThat(RunProvenance.cpu(dir.resolve("missing"))).isNull();
    }

    @Test
    void shouldDescribeThisMachineWithItsCoresAndMemory() {
        var machine = RunProvenance.machine();

        assertThat(machine.cores()).isPositive();
        assertThat(machine.identity()).contains(machine.os()).contains(machine.cores() + " cores");
    }

    @Test
    void givenAnEnvWhoseBrokerConfigAndClientConfigHoldSecrets_whenDescribedForTheSummary_thenTheirValuesAreHidden() {
        EnvSpec spec = new EnvSpec("c1", 1, 1, 1, 1, Partitioning.KEY, Network.PROXIED,
                Map.of("all", Map.of("listener.name.client.plain.sasl.jaas.config", "PlainLoginModule required password=\"b\";",
                        "num.io.threads", "8")));
        KafkaAccess access = new KafkaAccess("127.0.0.1:1", Map.of("ssl.truststore.password", "t", "security.protocol", "SSL"));

        Map<String, Object> env = RunProvenance.envOf(spec, access);

        assertThat(env.get("brokerConfig")).isEqualTo(Map.of("all", Map.of("listener.name.client.plain.sasl.jaas.config", "[hidden]",
                "num.io.threads", "8")));
        assertThat(env.get("clientConfig")).isEqualTo(Map.of("ssl.truststore.password", "[hidden]", "security.protocol", "SSL"));
    }
}
