package io.supplychaos.kind.compose;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.CommandRunner;
import io.supplychaos.time.Timeouts;

/**
 * Builds, from nothing but package registries, the images that stand in for the published ones of
 * docker-compose.yml (docker/local-images.yml maps the services to them), for a Docker engine that
 * reaches no image registry:
 * <ol>
 *   <li>{@value #BASE}: a Debian root filesystem with a JRE, made by {@code debootstrap} from Debian's
 *       packages and loaded with {@code docker import} (needs root and the debootstrap package);</li>
 *   <li>{@value #KAFKA}: that base, the jars of env/brokers/pom.xml (the embedded brokers' Maven
 *       artifacts, from target/broker-classpath.txt) and docker/images/kafka's scripts;</li>
 *   <li>{@value #TOXIPROXY}: the static server of Toxiproxy's Go module, built with {@code go install}.</li>
 * </ol>
 * Every image carries the hash of its inputs as the label {@value #INPUTS_LABEL}; an image whose label
 * matches is kept, so a second call builds nothing. Work files go under the cache directory
 * ({@code ~/.cache/supply-chaos/images}); the images live in the engine's data root.
 */
public final class LocalImages {

    public static final String BASE = "supply-chaos/debian-jre:bookworm-17";
    public static final String KAFKA = "supply-chaos/kafka:4.1.1";
    public static final String TOXIPROXY = "supply-chaos/toxiproxy:2.5.0";
    static final String INPUTS_LABEL = "io.supplychaos.inputs";
    static final String DEBIAN_MIRROR = "http://deb.debian.org/debian";
    static final List<String> DEBOOTSTRAP = List.of("debootstrap", "--variant=minbase",
            "--include=openjdk-17-jre-headless", "bookworm");
    /** Left out of the base image: apt's caches and lists, docs, man pages and locales (~190 of 480 MB). */
    static final List<String> ROOTFS_EXCLUDES = List.of("--exclude=./var/cache/apt/*", "--exclude=./var/lib/apt/lists/*",
            "--exclude=./usr/share/doc/*", "--exclude=./usr/share/man/*", "--exclude=./usr/share/locale/*");
    static final String TOXIPROXY_MODULE = "github.com/Shopify/toxiproxy/v2/cmd/server@v2.5.0";
    private static final String KAFKA_JAR = "kafka_2.13-4.1.1.jar";

    /** One image: whether this call built it, and how long that took. */
    public record Image(String name, boolean built, Duration took) {
    }

    private final ChaosPaths paths;
    private final Path cacheDir;
    private final CommandRunner commands;
    private final Consumer<String> out;

    public LocalImages(ChaosPaths paths, Path cacheDir, CommandRunner commands, Consumer<String> out) {
        this.paths = paths;
        this.cacheDir = cacheDir;
        this.commands = commands;
        this.out = out;
    }

    /** {@code $XDG_CACHE_HOME/supply-chaos/images}, else {@code ~/.cache/supply-chaos/images}. */
    public static Path defaultCacheDir(Map<String, String> env) {
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
                : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".cache");
        return base.resolve("supply-chaos").resolve("images");
    }

    /** Builds what is missing or stale, in order (the Kafka image is built on the base). */
    public List<Image> build() {
        DockerEngine.check(commands);
        List<Path> jars = brokerJars();
        List<Image> images = new ArrayList<>();
        images.add(base());
        images.add(kafka(jars));
        images.add(toxiproxy());
        return images;
    }

    private Image base() {
        List<String> debootstrap = new ArrayList<>(DEBOOTSTRAP);
        String inputs = hash(List.of(String.join(" ", debootstrap) + " " + DEBIAN_MIRROR, String.join(" ", ROOTFS_EXCLUDES)));
        if (upToDate(BASE, inputs)) {
            return new Image(BASE, false, Duration.ZERO);
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new DockerUnavailableException("cannot build " + BASE + ": debootstrap needs root (run `./chaos images` "
                    + "as root once; the images stay in the engine)");
        }
        long t0 = System.nanoTime();
        Path rootfs = cacheDir.resolve("rootfs");
        Path tar = cacheDir.resolve("rootfs.tar");
        remove(rootfs);
        out.accept(BASE + ": debootstrap of Debian bookworm with a JRE (a few minutes)");
        debootstrap.add(rootfs.toString());
        debootstrap.add(DEBIAN_MIRROR);
        step(BASE, "debootstrap", debootstrap, "is debootstrap installed (apt-get install debootstrap) and "
                + DEBIAN_MIRROR + " reachable?");
        List<String> tarCommand = new ArrayList<>(List.of("tar", "-C", rootfs.toString(), "-cf", tar.toString()));
        tarCommand.addAll(ROOTFS_EXCLUDES);
        tarCommand.add(".");
        step(BASE, "tar", tarCommand, null);
        out.accept(BASE + ": docker import");
        step(BASE, "docker import", List.of("docker", "import", "--change", "LABEL " + INPUTS_LABEL + "=" + inputs,
                tar.toString(), BASE), null);
        remove(rootfs);
        remove(tar);
        return new Image(BASE, true, since(t0));
    }

    private Image kafka(List<Path> jars) {
        Path source = paths.home().resolve("docker/images/kafka");
        Path log4j = paths.home().resolve("env/brokers/log4j2.properties");
        List<String> inputs = new ArrayList<>(List.of(imageId(BASE), read(log4j)));
        inputs.addAll(contents(source));
        for (Path jar : jars) {
            inputs.add(jar.getFileName() + ":" + size(jar));
        }
        String hash = hash(inputs);
        if (upToDate(KAFKA, hash)) {
            return new Image(KAFKA, false, Duration.ZERO);
        }
        long t0 = System.nanoTime();
        Path context = cacheDir.resolve("kafka-context");
        remove(context);
        copyTree(source, context);
        copy(log4j, context.resolve("log4j2.properties"));
        for (Path jar : jars) {
            copy(jar, context.resolve("libs").resolve(jar.getFileName()));
        }
        out.accept(KAFKA + ": docker build (" + jars.size() + " jars of env/brokers/pom.xml on " + BASE + ")");
        step(KAFKA, "docker build", List.of("docker", "build", "--build-arg", "BASE=" + BASE, "--label",
                INPUTS_LABEL + "=" + hash, "-t", KAFKA, context.toString()), null);
        remove(context);
        return new Image(KAFKA, true, since(t0));
    }

    private Image toxiproxy() {
        Path source = paths.home().resolve("docker/images/toxiproxy");
        Path binDir = cacheDir.resolve("toxiproxy-v2.5.0-static");
        Path binary = binDir.resolve("server");
        long t0 = System.nanoTime();
        boolean compiled = false;
        if (!Files.isExecutable(binary)) {
            out.accept(TOXIPROXY + ": go install " + TOXIPROXY_MODULE + " (static, from the Go module proxy)");
            step(TOXIPROXY, "go install", List.of("env", "CGO_ENABLED=0", "GOBIN=" + binDir, "go", "install", TOXIPROXY_MODULE),
                    "is Go installed and the Go module proxy reachable?");
            compiled = true;
        }
        List<String> inputs = new ArrayList<>(contents(source));
        inputs.add(sha256(binary));
        String hash = hash(inputs);
        if (upToDate(TOXIPROXY, hash)) {
            return new Image(TOXIPROXY, compiled, compiled ? since(t0) : Duration.ZERO);
        }
        Path context = cacheDir.resolve("toxiproxy-context");
        remove(context);
        copyTree(source, context);
        copy(binary, context.resolve("toxiproxy"));
        out.accept(TOXIPROXY + ": docker build");
        step(TOXIPROXY, "docker build", List.of("docker", "build", "--label", INPUTS_LABEL + "=" + hash, "-t", TOXIPROXY,
                context.toString()), null);
        remove(context);
        return new Image(TOXIPROXY, true, since(t0));
    }

    /** The broker jars the build resolved; the Kafka version must be the image's. */
    private List<Path> brokerJars() {
        Path file = paths.brokerClasspathFile();
        if (!Files.isRegularFile(file)) {
            throw new DockerUnavailableException("cannot build " + KAFKA + ": no " + file
                    + " (the build writes it: mvn -DskipTests package)");
        }
        List<Path> jars = Stream.of(read(file).trim().split(":")).filter(s -> !s.isBlank()).map(Path::of).toList();
        if (jars.stream().noneMatch(j -> j.getFileName().toString().equals(KAFKA_JAR))) {
            throw new DockerUnavailableException("cannot build " + KAFKA + ": " + file + " has no " + KAFKA_JAR);
        }
        return jars;
    }

    private void step(String image, String what, List<String> command, String hint) {
        try {
            commands.run(command, Timeouts.IMAGE_BUILD);
        } catch (RuntimeException e) {
            throw new DockerUnavailableException("cannot build " + image + ": " + what + " failed"
                    + (hint == null ? "" : " (" + hint + ")") + ": " + e.getMessage(), e);
        }
    }

    private boolean upToDate(String image, String inputs) {
        return inputs.equals(label(image));
    }

    private String label(String image) {
        try {
            return commands.run(List.of("docker", "image", "inspect", "--format",
                    "{{index .Config.Labels \"" + INPUTS_LABEL + "\"}}", image), Timeouts.DOCKER_COMMAND).trim();
        } catch (RuntimeException e) {
            return "";
        }
    }

    private String imageId(String image) {
        return commands.run(List.of("docker", "image", "inspect", "--format", "{{.Id}}", image), Timeouts.DOCKER_COMMAND).trim();
    }

    private static List<String> contents(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).sorted()
                    .map(f -> dir.relativize(f) + ":" + read(f)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir, e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void copyTree(Path from, Path to) {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                copy(f, to.resolve(from.relativize(f).toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + from, e);
        }
    }

    private static void copy(Path from, Path to) {
        try {
            Files.createDirectories(to.getParent());
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + from + " to " + to, e);
        }
    }

    private static void remove(Path path) {
        if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> files = Files.walk(path)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + path, e);
        }
    }

    private static String sha256(Path file) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hash(List<String> inputs) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String input : inputs) {
                digest.update(input.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Duration since(long t0) {
        return Duration.ofNanos(System.nanoTime() - t0);
    }
}
