package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;

class BrokerClasspathTest {

    @Test
    void brokersRunTheKafkaVersionTheAppsClientsUse() {
        String version = AppInfoParser.getVersion();
        String[] jars = BrokerClasspath.resolve(ChaosPaths.defaults()).split(":");
        assertThat(Arrays.stream(jars).map(j -> j.substring(j.lastIndexOf('/') + 1)))
                .contains("kafka_2.13-" + version + ".jar", "kafka-tools-" + version + ".jar", "kafka-clients-" + version + ".jar")
                .anyMatch(j -> j.startsWith("log4j-core-2.24."))
                .anyMatch(j -> j.startsWith("log4j-slf4j2-impl-"));
    }

    @Test
    void brokersCanReadEveryCompressionAProducerMaySend() {
        // a codec missing here fails every produce that uses it with UnknownServerException
        String[] jars = BrokerClasspath.resolve(ChaosPaths.defaults()).split(":");
        assertThat(Arrays.stream(jars).map(j -> j.substring(j.lastIndexOf('/') + 1)))
                .anyMatch(j -> j.startsWith("lz4-java-"))
                .anyMatch(j -> j.startsWith("snappy-java-"))
                .anyMatch(j -> j.startsWith("zstd-jni-"));
    }
}
