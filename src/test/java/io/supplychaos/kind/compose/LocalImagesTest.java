package io.supplychaos.kind.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.CommandRunner;

/**
 * {@link LocalImages} against a recording engine that keeps each image's inputs label: what is
 * built the first time, that a second call builds nothing, that a changed input rebuilds only its
 * image, and the errors that name what is missing. The project is a small copy in a temp dir.
 */
class LocalImagesTest {

    @TempDir
    Path home;
    @TempDir
    Path cache;

    /** image name -> its inputs label, as the engine would keep it */
    private final Map<String, String> labels = new HashMap<>();
    private final List<List<String>> builds = new ArrayList<>();
    private Path jar;

    private final CommandRunner engine = (command, timeout) -> {
        if (command.contains("inspect")) {
            String image = command.get(command.size() - 1);
            if (!labels.containsKey(image)) {
                throw new IllegalStateException("Error: No such image: " + image);
            }
            return command.contains("{{.Id}}") ? "sha256:" + labels.get(image) : labels.get(image);
        }
        if (command.size() > 1 && command.get(0).equals("docker") && command.get(1).equals("build")) {
            builds.add(command);
            labels.put(command.get(command.indexOf("-t") + 1), command.get(command.indexOf("--label") + 1).split("=")[1]);
        }
        return command.contains("{{.Server.Version}}") ? "20.10.24" : "";
    };

    @BeforeEach
    void aProjectWithImageSourcesAndBrokerJars() throws IOException {
        Files.createDirectories(home.resolve("docker/images/kafka/bin"));
        Files.createDirectories(home.resolve("docker/images/toxiproxy"));
        Files.createDirectories(home.resolve("env/brokers"));
        Files.createDirectories(home.resolve("target"));
        Files.writeString(home.resolve("docker/images/kafka/Dockerfile"), "ARG BASE\nFROM ${BASE}\n");
        Files.writeString(home.resolve("docker/images/kafka/bin/run"), "#!/bin/bash\n");
        Files.writeString(home.resolve("docker/images/toxiproxy/Dockerfile"), "FROM scratch\n");
        Files.writeString(home.resolve("env/brokers/log4j2.properties"), "status = warn\n");
        jar = Files.writeString(home.resolve("kafka_2.13-4.1.1.jar"), "jar");
        Files.writeString(home.resolve("target/broker-classpath.txt"), jar.toString());
        Path toxiproxy = Files.createDirectories(cache.resolve("toxiproxy-v2.5.0-static")).resolve("server");
        Files.writeString(toxiproxy, "binary");
        toxiproxy.toFile().setExecutable(true);
        // the base image exists already: its debootstrap (root only) is not what these tests are about
        labels.put(LocalImages.BASE, LocalImages.hash(List.of(String.join(" ", LocalImages.DEBOOTSTRAP) + " "
                + LocalImages.DEBIAN_MIRROR, String.join(" ", LocalImages.ROOTFS_EXCLUDES))));
    }

    private List<LocalImages.Image> build() {
        return new LocalImages(new ChaosPaths(home, home.resolve(".chaos")), cache, engine, line -> { }).build();
    }

    @Test
    void givenNoKafkaOrToxiproxyImageWhenBuiltThenBothAreBuiltOnTheBaseWithTheirInputsLabel() {
        List<LocalImages.Image> images = build();

        assertThat(images).extracting(LocalImages.Image::name, LocalImages.Image::built).containsExactly(
                org.assertj.core.groups.Tuple.tuple(LocalImages.BASE, false),
                org.assertj.core.groups.Tuple.tuple(LocalImages.KAFKA, true),
                org.assertj.core.groups.Tuple.tuple(LocalImages.TOXIPROXY, true));
        assertThat(builds.get(0)).contains("BASE=" + LocalImages.BASE, LocalImages.KAFKA);
        assertThat(cache.resolve("kafka-context")).as("the build context is removed after the build").doesNotExist();
    }

    @Test
    void givenImagesBuiltFromTheSameInputsWhenBuiltAgainThenNothingIsBuilt() {
        build();
        builds.clear();

        List<LocalImages.Image> again = build();

        assertThat(builds).isEmpty();
        assertThat(again).noneMatch(LocalImages.Image::built);
    }

    @Test
    void givenABrokerJarThatChangedWhenBuiltAgainThenOnlyTheKafkaImageIsRebuilt() throws IOException {
        build();
        builds.clear();
        Files.writeString(jar, "a newer jar");

        List<LocalImages.Image> again = build();

        assertThat(again).filteredOn(LocalImages.Image::built).extracting(LocalImages.Image::name)
                .containsExactly(LocalImages.KAFKA);
        assertThat(builds).hasSize(1);
    }

    @Test
    void givenNoBrokerClasspathWhenBuiltThenTheErrorSaysWhichBuildWritesIt() throws IOException {
        Files.delete(home.resolve("target/broker-classpath.txt"));

        assertThatThrownBy(this::build).isInstanceOf(DockerUnavailableException.class)
                .hasMessageContaining("broker-classpath.txt").hasMessageContaining("mvn -DskipTests package");
        assertThat(builds).isEmpty();
    }

    @Test
    void givenADockerBuildThatFailsWhenBuiltThenTheErrorNamesTheImageAndTheStep() {
        CommandRunner failing = (command, timeout) -> {
            if (command.contains("build")) {
                throw new IllegalStateException("docker build failed (exit 1):\nCOPY failed: no source files");
            }
            return engine.run(command, timeout);
        };

        assertThatThrownBy(() -> new LocalImages(new ChaosPaths(home, home.resolve(".chaos")), cache, failing, line -> { })
                .build()).isInstanceOf(DockerUnavailableException.class)
                .hasMessageContaining("cannot build " + LocalImages.KAFKA + ": docker build failed")
                .hasMessageContaining("COPY failed");
    }
}
