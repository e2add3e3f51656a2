package io.supplychaos.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ChaosPaths;

/**
 * {@code ./chaos verify eos} end to end: Kafka's own EOS suite (the kafka-streams test jar) passes
 * on c3 through a partition leader kill and an app instance SIGKILL. The verify brings up its own
 * c3 and must take it down again, leaving no test app, driver or verifier behind.
 * ({@link KafkaSmokeVerifierIT} runs the smoke suite.) Tagged {@code full}: it runs in
 * {@code mvn verify -Pfull} (and CI), not in the default {@code mvn verify}.
 */
@Tag("full")
class KafkaEosVerifierIT {

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void shouldPassKafkasEosVerifierOnC3ThroughALeaderKillAndAnAppKill() throws IOException {
        Path library = ChaosPaths.defaults().home().resolve("scenarios/verify/eos-leader-kill-app-kill.yaml");

        VerifyRun run = VerifyRun.verify(dir.resolve("state"), dir.resolve("out"), List.of("eos", "--env", "c3",
                "--faults", library.toString(), "--instances", "2", "--duration", "45s"));

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("ALL-RECORDS-DELIVERED").contains("verdict: PASS");
        assertThat(run.summary().at("/kafka/verdict").asText()).isEqualTo("PASSED");
        assertThat(run.summary().at("/kafka/recordsGenerated").asLong()).isPositive();
        assertThat(run.summary().get("faults")).hasSize(2);
        run.summary().get("faults").forEach(f -> assertThat(f.get("error").isNull()).as("injected: " + f).isTrue());
        assertThat(run.summary().at("/apps/0/starts").asInt()).as("instance 1 was killed and started again").isEqualTo(2);
        assertThat(dir.resolve("out/verifier.log")).content().contains("ALL-RECORDS-DELIVERED");
    }
}
