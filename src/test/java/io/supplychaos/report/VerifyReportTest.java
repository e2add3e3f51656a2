package io.supplychaos.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;
import io.supplychaos.verify.KafkaOutcome;
import io.supplychaos.verify.Reading;
import io.supplychaos.verify.VerifyResult;

/**
 * A verify's result directory: summary.json holds Kafka's verdict, our reading and the faults;
 * report.html shows Kafka's marker lines, the faults as bands over the throughput, a fault that
 * was not injected as such, each instance's life and the verifier's output (escaped); the logs
 * are copied beside them.
 */
class VerifyReportTest {

    @TempDir
    Path dir;

    private static final long T0 = 1_800_000_000_000L;

    private static VerifyResult result() {
        long t0 = T0;
        KafkaOutcome kafka = new KafkaOutcome(KafkaOutcome.Verdict.FAILED,
                List.of("PROCESSED-MORE-THAN-GENERATED", "ALL-RECORDS-DELIVERED", "FAILURE"), 20000L, 21877L,
                List.of("fail: key=[5-1004@1/2]"), Map.of("data", 20005L, "echo", 21877L), 0);
        return new VerifyResult("smoke", "4.1.1",
                new VerifyResult.Env("c1", 1, 1, 1, 5, "127.0.0.1:29041"), "at_least_once", 1, 60, "faults.yaml",
                Verdict.FAIL, "Kafka's verifier failed: " + Reading.AT_LEAST_ONCE_DUPLICATES.text(), kafka,
                Reading.AT_LEAST_ONCE_DUPLICATES, Reading.AT_LEAST_ONCE_DUPLICATES.text(),
                new io.supplychaos.verify.InputAudit.Result(20000, 0, List.of(), true),
                List.of(new RunResult.FaultEvent("kill-app", "app:1", "kill-app 1", "schedule", t0 + 20_000, t0 + 26_000, null),
                        new RunResult.FaultEvent("cut", "2", "cut replication 2", "schedule", t0 + 30_000, null, null,
                                "no broker 2")),
                List.of(new VerifyResult.Throughput(1, 200, 180), new VerifyResult.Throughput(2, 210, 0)), 205, 90,
                List.of(new VerifyResult.AppLife(1, 3, 3, 0, true, "app-1.log")),
                new VerifyResult.Timings(t0 - 10_000, t0, t0 + 70_000, t0 + 80_000, t0 + 90_000), List.of(),
                "Result Verification\n<recordGenerated=20000>");
    }

    @Test
    void shouldWriteKafkasMarkersFaultsAndLogsIntoTheResultDirectory() throws IOException {
        VerifyResult result = result();
        Path log = Files.writeString(dir.resolve("verify-driver.log"), "SUCCESS?\n");

        VerifyReport.write(dir.resolve("out"), result, Map.of("driver.log", log));

        JsonNode summary = new ObjectMapper().readTree(dir.resolve("out/summary.json").toFile());
        assertThat(summary.get("verdict").asText()).isEqualTo("FAIL");
        assertThat(summary.at("/kafka/verdict").asText()).isEqualTo("FAILED");
        assertThat(summary.at("/kafka/markers/0").asText()).isEqualTo("PROCESSED-MORE-THAN-GENERATED");
        assertThat(summary.get("reading").asText()).isEqualTo("AT_LEAST_ONCE_DUPLICATES");
        assertThat(summary.at("/faults/1/error").asText()).isEqualTo("no broker 2");
        String html = Files.readString(dir.resolve("out/report.html"));
        assertThat(html).contains("PROCESSED-MORE-THAN-GENERATED").contains("Kafka's verdict:</b> FAILURE")
                .contains("at-least-once duplicates").contains("class=\"fault-band\"").contains("kill-app 1")
                .contains("not injected: no broker 2").contains("&lt;recordGenerated=20000&gt;")
                .doesNotContain("<recordGenerated");
        assertThat(dir.resolve("out/driver.log")).hasContent("SUCCESS?");
    }

    @Test
    void givenALogThatPrintsSecrets_whenCopiedIntoTheResult_thenTheirValuesAreHiddenAndTheRestIsKept() throws IOException {
        VerifyResult result = result();
        Path log = Files.writeString(dir.resolve("app-1.log"), """
                	ssl.truststore.location = /tmp/t.p12
                	ssl.truststore.password = trust-Secret-2
                java -Dsasl.jaas.config=x ... PlainLoginModule required username="svc" password="jaas-Secret-1";
                ALL-RECORDS-DELIVERED
                """);

        VerifyReport.write(dir.resolve("out"), result, Map.of("app-1.log", log));

        assertThat(Files.readString(dir.resolve("out/app-1.log"))).doesNotContain("trust-Secret-2", "jaas-Secret-1")
                .contains("\tssl.truststore.location = /tmp/t.p12\n", "ALL-RECORDS-DELIVERED\n", "password=\"[hidden]\"");
    }
}
