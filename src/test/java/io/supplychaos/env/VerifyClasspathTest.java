package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;

class VerifyClasspathTest {

    @Test
    void kafkasVerificationSuitesAreTheOnesOfTheKafkaVersionTheAppsClientsUse() {
        String version = AppInfoParser.getVersion();
        String[] jars = BrokerClasspath.verifySuites(ChaosPaths.defaults()).split(":");
        assertThat(Arrays.stream(jars).map(j -> j.substring(j.lastIndexOf('/') + 1)))
                .contains("kafka-streams-" + version + ".jar", "kafka-streams-" + version + "-test.jar",
                        "kafka-clients-" + version + ".jar", "kafka-clients-" + version + "-test.jar")
                .anyMatch(j -> j.startsWith("log4j-core-2.24."))
                .anyMatch(j -> j.startsWith("log4j-slf4j2-impl-"))
                .noneMatch(j -> j.startsWith("log4j-api-2.25."));
    }
}
