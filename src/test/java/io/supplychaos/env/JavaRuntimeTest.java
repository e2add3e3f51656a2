package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JavaRuntimeTest {

    @TempDir
    Path dir;

    /** A JDK home whose bin/java exits with {@code exitCode} (what a check of a cache file sees). */
    private Path jdk(String name, String version, int exitCode) throws IOException {
        Path home = Files.createDirectories(dir.resolve("jvm").resolve(name));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nexit " + exitCode + "\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }

    private Path jar() throws IOException {
        return Files.writeString(dir.resolve("kafka.jar"), "classes");
    }

    @Test
    void shouldTellAJvmTrainingItsCacheFromOneUsingIt() {
        // given the command lines of a JVM training its cache (JDK 25, and the CDS archive before it) and of one using it
        List<String> training = List.of("java", "-Xmx512m", "-XX:AOTCacheOutput=/c/app-1.aot.1f.training", "-jar", "a.jar");
        List<String> trainingCds = List.of("java", "-XX:ArchiveClassesAtExit=/c/app-1.jsa.2e.training", "-jar", "a.jar");
        List<String> using = List.of("java", "-Xmx512m", "-XX:AOTCache=/c/app-1.aot", "-jar", "a.jar");

        // then only the first two are training
        assertThat(JavaRuntime.trainsCache(training)).isTrue();
        assertThat(JavaRuntime.trainsCache(trainingCds)).isTrue();
        assertThat(JavaRuntime.trainsCache(using)).isFalse();
        assertThat(JavaRuntime.trainsCache(List.of("java", "-jar", "a.jar"))).isFalse();
    }

    @Test
    void shouldChooseTheNewestJdkOfAtLeast25AmongTheCandidates() throws IOException {
        Path jdk17 = jdk("jdk-17", "17.0.9", 0);
        Path jdk25 = jdk("jdk-25", "25.0.3", 0);
        Path jdk26 = jdk("jdk-26", "26", 0);

        JavaRuntime.Java chosen = JavaRuntime.choose(Map.of(), List.of(jdk17, jdk25, jdk26, dir.resolve("absent")));

        assertThat(chosen.home()).isEqualTo(jdk26);
        assertThat(chosen.feature()).isEqualTo(26);
        assertThat(chosen.supportsAotCache()).isTrue();
    }

    @Test
    void shouldFindJdksInTheUsualInstallLocationsAfterJavaHome() throws IOException {
        Path jdk25 = jdk("jdk-25", "25.0.3", 0);

        List<Path> candidates = JavaRuntime.candidates(Map.of("JAVA_HOME", jdk25.toString()));

        assertThat(candidates.get(0)).isEqualTo(jdk25);
        assertThat(JavaRuntime.choose(Map.of("JAVA_HOME", jdk25.toString()), candidates).source()).isEqualTo("JAVA_HOME");
    }

    @Test
    void shouldRunOnTheConfiguredHomeWhateverItsVersion() throws IOException {
        Path jdk17 = jdk("jdk-17", "17.0.9", 0);
        Path jdk25 = jdk("jdk-25", "25.0.3", 0);

        JavaRuntime.Java chosen = JavaRuntime.choose(Map.of(JavaRuntime.JAVA_HOME_VARIABLE, jdk17.toString()),
                List.of(jdk25));

        assertThat(chosen.home()).isEqualTo(jdk17);
        assertThat(chosen.supportsAotCache()).isFalse();
    }

    @Test
    void shouldRejectAConfiguredHomeThatIsNotAJdk() {
        assertThatThrownBy(() -> JavaRuntime.choose(Map.of(JavaRuntime.JAVA_HOME_VARIABLE, dir.toString()), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SUPPLY_CHAOS_JAVA_HOME=" + dir + ": not a JDK home");
    }

    @Test
    void shouldFallBackToTheToolsOwnJavaWhenNoJdk25IsFound() throws IOException {
        Path jdk17 = jdk("jdk-17", "17.0.9", 0);

        JavaRuntime.Java chosen = JavaRuntime.choose(Map.of(), List.of(jdk17));

        assertThat(chosen.home()).isEqualTo(Path.of(System.getProperty("java.home")));
        assertThat(chosen.source()).isEqualTo("the tool's own");
    }

    @Test
    void shouldAddNoOptionsWhenSwitchedOff() throws IOException {
        Path jdk25 = jdk("jdk-25", "25.0.3", 0);
        Path cache = dir.resolve("cache");

        assertThat(new JavaRuntime(new JavaRuntime.Java(jdk25, 25, "test"), cache, false)
                .aotOptions("broker", List.of("-Xmx192m"), List.of(jar().toString()))).isEmpty();
        assertThat(cache).doesNotExist();
    }

    @Test
    void shouldUseADynamicCdsArchiveBeforeJdk25() throws IOException {
        JavaRuntime runtime = new JavaRuntime(new JavaRuntime.Java(jdk("jdk-17", "17.0.9", 0), 17, "test"),
                dir.resolve("cache"), true);
        List<String> classpath = List.of(jar().toString());

        String training = runtime.aotOptions("broker", List.of(), classpath).get(0);
        assertThat(training).startsWith("-XX:ArchiveClassesAtExit=");
        Files.writeString(Path.of(training.substring("-XX:ArchiveClassesAtExit=".length())), "an archive");

        assertThat(runtime.aotOptions("broker", List.of(), classpath)).singleElement().asString()
                .startsWith("-XX:SharedArchiveFile=").endsWith(".jsa");
    }

    @Test
    void shouldTrainFirstThenStartFromTheCacheTheTrainingWrote() throws IOException {
        JavaRuntime runtime = new JavaRuntime(new JavaRuntime.Java(jdk("jdk-25", "25.0.3", 0), 25, "test"),
                dir.resolve("cache"), true);
        List<String> classpath = List.of(jar().toString());

        List<String> training = runtime.aotOptions("broker", List.of("-Xmx192m"), classpath);
        assertThat(training).singleElement().asString().startsWith("-XX:AOTCacheOutput=" + dir.resolve("cache"))
                .endsWith(".training");
        Path output = Path.of(training.get(0).substring("-XX:AOTCacheOutput=".length()));
        Files.writeString(output, "a cache the JVM wrote at exit");
        Files.writeString(Path.of(output + ".config"), "the recording a stopped JVM left");

        List<String> warm = runtime.aotOptions("broker", List.of("-Xmx192m"), classpath);

        assertThat(warm).singleElement().asString().startsWith("-XX:AOTCache=").endsWith(".aot");
        assertThat(Path.of(warm.get(0).substring("-XX:AOTCache=".length()))).hasContent("a cache the JVM wrote at exit");
        assertThat(output).doesNotExist();
        assertThat(Path.of(output + ".config")).doesNotExist();
    }

    @Test
    void shouldDeleteATrainingOutputTheJvmCannotMapAndTrainAgain() throws IOException {
        JavaRuntime runtime = new JavaRuntime(new JavaRuntime.Java(jdk("jdk-25", "25.0.3", 1), 25, "test"),
                dir.resolve("cache"), true);
        List<String> classpath = List.of(jar().toString());
        String first = runtime.aotOptions("app", List.of(), classpath).get(0);
        Path partial = Path.of(first.substring("-XX:AOTCacheOutput=".length()));
        Files.writeString(partial, "cut short by SIGKILL");

        List<String> again = runtime.aotOptions("app", List.of(), classpath);

        assertThat(partial).doesNotExist();
        assertThat(again).singleElement().asString().startsWith("-XX:AOTCacheOutput=").isNotEqualTo(first);
    }

    @Test
    void shouldKeepTheThreeCachesOfARoleUsedLast() throws IOException {
        JavaRuntime runtime = new JavaRuntime(new JavaRuntime.Java(jdk("jdk-25", "25.0.3", 0), 25, "test"),
                dir.resolve("cache"), true);
        Path cacheDir = Files.createDirectories(dir.resolve("cache"));
        for (int i = 0; i < 4; i++) {
            Path old = Files.writeString(cacheDir.resolve("broker-old" + i + ".aot"), "an older build's cache");
            Files.setLastModifiedTime(old, FileTime.fromMillis(1_000_000L * (i + 1)));
        }
        Path appCache = Files.writeString(cacheDir.resolve("app-old.aot"), "another role's cache");
        Files.setLastModifiedTime(appCache, FileTime.fromMillis(1));
        List<String> classpath = List.of(jar().toString());
        String output = runtime.aotOptions("broker", List.of(), classpath).get(0).substring("-XX:AOTCacheOutput=".length());
        Files.writeString(Path.of(output), "this build's cache");

        runtime.aotOptions("broker", List.of(), classpath);

        assertThat(cacheDir.resolve("broker-old0.aot")).doesNotExist();
        assertThat(cacheDir.resolve("broker-old1.aot")).doesNotExist();
        assertThat(cacheDir.resolve("broker-old2.aot")).exists();
        assertThat(cacheDir.resolve("broker-old3.aot")).exists();
        assertThat(appCache).exists();
    }

    @Test
    void shouldNameAnotherCacheWhenAJarTheJavaOrTheOptionsChange() throws IOException {
        Path jar = jar();
        String before = JavaRuntime.fingerprint("jdk-25 25.0.3", "broker", List.of("-Xmx192m"), List.of(jar.toString()));

        assertThat(JavaRuntime.fingerprint("jdk-25 25.0.3", "broker", List.of("-Xmx192m"), List.of(jar.toString())))
                .isEqualTo(before);
        assertThat(JavaRuntime.fingerprint("jdk-26 26", "broker", List.of("-Xmx192m"), List.of(jar.toString())))
                .isNotEqualTo(before);
        assertThat(JavaRuntime.fingerprint("jdk-25 25.0.3", "broker", List.of("-Xmx512m"), List.of(jar.toString())))
                .isNotEqualTo(before);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 60_000));
        assertThat(JavaRuntime.fingerprint("jdk-25 25.0.3", "broker", List.of("-Xmx192m"), List.of(jar.toString())))
                .isNotEqualTo(before);
    }
}
