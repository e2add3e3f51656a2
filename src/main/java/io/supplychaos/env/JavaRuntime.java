package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The java that brokers and app instances run on, and the ahead-of-time cache that starts them
 * warm (JEP 483, 514, 515: classes loaded and linked, and method profiles, from a training run).
 *
 * <p>The java is {@code $SUPPLY_CHAOS_JAVA_HOME} when set (any version: set it to a JDK 17 home to
 * opt out), else the newest JDK 25 or later found in {@code $JAVA_HOME} or the usual install
 * locations, else the tool's own. On 25 or later a process starts with
 * {@code -XX:AOTCache=FILE} when a cache for it exists, otherwise it trains one:
 * {@code -XX:AOTCacheOutput} writes it when the JVM exits normally (a broker at {@code down}, an app
 * instance when the run stops it). Before 25 the same is done with a dynamic CDS archive
 * ({@code -XX:ArchiveClassesAtExit}, then {@code -XX:SharedArchiveFile}): classes only, no method
 * profiles, but a broker still starts about a second sooner. A SIGKILLed training run leaves nothing, and the next start
 * trains again. Each cache is named by a fingerprint of the java, the role, the JVM options
 * and every classpath entry's path, size and modification time, so that a new build, another
 * Kafka version or another JDK never meets an old cache; the JVM checks the same again when it maps
 * one. Several processes may train at once (three brokers): each writes a file of its own, and the
 * first complete one becomes the cache. Caches live in {@code ~/.cache/supply-chaos/aot}
 * ({@code $XDG_CACHE_HOME} when set); {@code SUPPLY_CHAOS_AOT=off} starts every process without one.
 * docs/PERFORMANCE.md has the measurements.
 */
public final class JavaRuntime {

    public static final String JAVA_HOME_VARIABLE = "SUPPLY_CHAOS_JAVA_HOME";
    /** {@code off} starts every process without an AOT cache (to measure what the cache gives). */
    public static final String AOT_VARIABLE = "SUPPLY_CHAOS_AOT";
    /** The first JDK feature release with {@code -XX:AOTCacheOutput} (JEP 514). */
    public static final int AOT_MIN_FEATURE = 25;
    private static final Pattern VERSION = Pattern.compile("^JAVA_VERSION=\"(\\d+)", Pattern.MULTILINE);
    private static final String TRAINING_SUFFIX = ".training";
    private static final int KEPT_PER_ROLE = 3;
    private static final Object ADOPTION = new Object();

    /** A java: its home, feature release (17, 25, ...) and where it was found. */
    public record Java(Path home, int feature, String source) {

        public String binary() {
            return home.resolve("bin").resolve("java").toString();
        }

        public boolean supportsAotCache() {
            return feature >= AOT_MIN_FEATURE;
        }
    }

    private final Java java;
    private final Path cacheDir;
    private final boolean aot;

    JavaRuntime(Java java, Path cacheDir, boolean aot) {
        this.java = java;
        this.cacheDir = cacheDir;
        this.aot = aot;
    }

    /** The java for this machine (see the class comment), with caches in the user's cache dir. */
    public static JavaRuntime detect() {
        Map<String, String> env = System.getenv();
        return new JavaRuntime(choose(env, candidates(env)), defaultCacheDir(env),
                !"off".equalsIgnoreCase(env.getOrDefault(AOT_VARIABLE, "").trim()));
    }

    public Java java() {
        return java;
    }

    /**
     * True when a process with these arguments is training its cache rather than using one: it
     * records classes and profiles as it runs, which costs memory and CPU a run with the cache
     * does not pay (the bench says so beside its figures).
     */
    public static boolean trainsCache(List<String> arguments) {
        return arguments.stream().anyMatch(argument -> argument.startsWith("-XX:AOTCacheOutput=")
                || argument.startsWith("-XX:ArchiveClassesAtExit="));
    }

    /**
     * The JVM options that start a process of {@code role} warm: the cache's, or the training
     * run's that writes it (an AOT cache from JDK 25 on, a CDS archive before); none when switched
     * off, or when the cache directory cannot be written.
     *
     * @param role      what the process is (broker, app): a cache per role
     * @param options   the process's JVM options that a cache depends on (heap, GC, JMX: anything that
     *                  adds a module), part of the fingerprint and of the check that adopts a cache
     * @param classpath the classpath entries (jars), or the one jar of {@code -jar}
     */
    public List<String> aotOptions(String role, List<String> options, List<String> classpath) {
        if (!aot) {
            return List.of();
        }
        // up starts its brokers from parallel threads: one adoption at a time in this JVM
        synchronized (ADOPTION) {
            return cacheOptions(role, options, classpath);
        }
    }

    /**
     * False when a process of this role, options and classpath would train its cache if started now
     * (none written yet for this java, build and options); true when it would start from one, or
     * when caches are off.
     */
    public boolean hasCache(String role, List<String> options, List<String> classpath) {
        if (!aot) {
            return true;
        }
        synchronized (ADOPTION) {
            try {
                Path cache = cacheDir.resolve(role + "-" + fingerprint(javaIdentity(), role, options, classpath) + extension());
                adoptFinishedTraining(cache, options, classpath);
                return Files.isRegularFile(cache);
            } catch (IOException e) {
                return false;
            }
        }
    }

    private List<String> cacheOptions(String role, List<String> options, List<String> classpath) {
        try {
            Files.createDirectories(cacheDir);
            Path cache = cacheDir.resolve(role + "-" + fingerprint(javaIdentity(), role, options, classpath) + extension());
            adoptFinishedTraining(cache, options, classpath);
            if (Files.isRegularFile(cache)) {
                // the newest use first: pruning keeps the caches still in use (two checkouts, two Kafka versions)
                Files.setLastModifiedTime(cache, FileTime.fromMillis(System.currentTimeMillis()));
                prune(role);
                return List.of((java.supportsAotCache() ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=") + cache);
            }
            Path training = cache.resolveSibling(cache.getFileName() + "." + UUID.randomUUID() + TRAINING_SUFFIX);
            return List.of((java.supportsAotCache() ? "-XX:AOTCacheOutput=" : "-XX:ArchiveClassesAtExit=") + training);
        } catch (IOException e) {
            // a cache is an optimisation: without one the process starts as it always did
            return List.of();
        }
    }

    /**
     * Makes the first complete training output the cache: one the JVM maps with
     * {@code -XX:AOTMode=on} (which fails on a partial or foreign file). Outputs still being written
     * (their JVM is alive) are left alone; broken ones are deleted.
     */
    private void adoptFinishedTraining(Path cache, List<String> options, List<String> classpath) throws IOException {
        List<Path> outputs;
        try (Stream<Path> files = Files.list(cacheDir)) {
            outputs = files.filter(f -> f.getFileName().toString().startsWith(cache.getFileName() + ".")
                    && f.getFileName().toString().endsWith(TRAINING_SUFFIX)).sorted().toList();
        }
        for (Path output : outputs) {
            if (Files.isRegularFile(cache) || writerAlive(output)) {
                continue;
            }
            if (mapsCleanly(output, options, classpath)) {
                try {
                    Files.move(output, cache, StandardCopyOption.ATOMIC_MOVE);
                } catch (java.nio.file.NoSuchFileException adoptedElsewhere) {
                    // another CLI adopted it first: the cache exists now
                }
            } else {
                Files.deleteIfExists(output);
            }
        }
        if (Files.isRegularFile(cache)) {
            for (Path output : outputs) {
                if (Files.exists(output) && !writerAlive(output)) {
                    Files.deleteIfExists(output);
                }
            }
        }
        // a training JVM stopped before it could remove its recording (the cache was written by a child)
        try (Stream<Path> files = Files.list(cacheDir)) {
            for (Path config : files.filter(f -> f.getFileName().toString().endsWith(TRAINING_SUFFIX + ".config")).toList()) {
                Path output = config.resolveSibling(config.getFileName().toString().replaceFirst("\\.config$", ""));
                if (!writerAlive(output)) {
                    Files.deleteIfExists(config);
                }
            }
        }
    }

    /** AOT caches (25 and later) and CDS archives (before) apart: they are not interchangeable. */
    private String extension() {
        return java.supportsAotCache() ? ".aot" : ".jsa";
    }

    /** Keeps the {@link #KEPT_PER_ROLE} caches of a role used last; each is 75-85 MB. */
    private void prune(String role) throws IOException {
        List<Path> caches;
        try (Stream<Path> files = Files.list(cacheDir)) {
            caches = files.filter(f -> f.getFileName().toString().startsWith(role + "-")
                    && f.getFileName().toString().endsWith(extension())).toList();
        }
        List<Path> byUse = new ArrayList<>(caches);
        byUse.sort(Comparator.comparing(JavaRuntime::modified).reversed());
        for (Path old : byUse.subList(Math.min(KEPT_PER_ROLE, byUse.size()), byUse.size())) {
            Files.deleteIfExists(old);
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** A JVM still names the file on its command line: training, or assembling the cache. */
    private static boolean writerAlive(Path output) {
        String name = output.getFileName().toString();
        return ProcessHandle.allProcesses().anyMatch(p -> p.info().commandLine().map(c -> c.contains(name)).orElse(false)
                || p.info().arguments().map(a -> String.join(" ", a).contains(name)).orElse(false));
    }

    /** The JVM maps the file with the process's options (some, such as JMX's, change what must match). */
    private boolean mapsCleanly(Path output, List<String> options, List<String> classpath) {
        List<String> command = new ArrayList<>(List.of(java.binary()));
        command.addAll(options);
        command.addAll(java.supportsAotCache() ? List.of("-XX:AOTMode=on", "-XX:AOTCache=" + output)
                : List.of("-Xshare:on", "-XX:SharedArchiveFile=" + output));
        command.addAll(List.of("-cp", String.join(":", classpath), "-version"));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static String fingerprint(String javaIdentity, String role, List<String> options, List<String> classpath) {
        StringBuilder text = new StringBuilder(javaIdentity).append('\n').append(role).append('\n');
        options.forEach(option -> text.append(option).append('\n'));
        for (String entry : classpath) {
            Path path = Path.of(entry);
            text.append(entry);
            try {
                text.append(' ').append(Files.size(path)).append(' ').append(Files.getLastModifiedTime(path).toMillis());
            } catch (IOException e) {
                text.append(" absent");
            }
            text.append('\n');
        }
        return sha256(text.toString()).substring(0, 16);
    }

    private String javaIdentity() {
        return java.home().toAbsolutePath() + " " + readRelease(java.home()).orElse("");
    }

    /** Candidates in order of preference: JAVA_HOME, then the usual install locations, newest first. */
    static List<Path> candidates(Map<String, String> env) {
        List<Path> homes = new ArrayList<>();
        Optional.ofNullable(env.get("JAVA_HOME")).filter(v -> !v.isBlank()).map(Path::of).ifPresent(homes::add);
        List<Path> roots = new ArrayList<>(List.of(Path.of("/usr/lib/jvm"), Path.of("/opt/java"), Path.of("/opt/jdk"),
                Path.of("/Library/Java/JavaVirtualMachines")));
        Optional.ofNullable(env.get("HOME")).ifPresent(home -> roots.add(Path.of(home, ".sdkman/candidates/java")));
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> children = Files.list(root)) {
                children.map(child -> Files.isDirectory(child.resolve("Contents/Home")) ? child.resolve("Contents/Home") : child)
                        .sorted(Comparator.comparing(Path::toString).reversed()).forEach(homes::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return homes;
    }

    /**
     * {@code $SUPPLY_CHAOS_JAVA_HOME} when set; else the newest JDK of at least
     * {@link #AOT_MIN_FEATURE} among the candidates; else the running java.
     *
     * @throws IllegalArgumentException when {@code $SUPPLY_CHAOS_JAVA_HOME} is not a JDK home
     */
    static Java choose(Map<String, String> env, List<Path> candidates) {
        String configured = env.get(JAVA_HOME_VARIABLE);
        if (configured != null && !configured.isBlank()) {
            Path home = Path.of(configured.trim());
            int feature = feature(home).orElseThrow(() -> new IllegalArgumentException(JAVA_HOME_VARIABLE + "="
                    + configured + ": not a JDK home (expected bin/java and a release file with JAVA_VERSION)"));
            return new Java(home, feature, JAVA_HOME_VARIABLE);
        }
        Java best = null;
        for (Path home : candidates) {
            Optional<Integer> feature = feature(home);
            if (feature.isPresent() && feature.get() >= AOT_MIN_FEATURE && (best == null || feature.get() > best.feature())) {
                best = new Java(home, feature.get(), home.toString().equals(env.get("JAVA_HOME")) ? "JAVA_HOME" : "found");
            }
        }
        if (best != null) {
            return best;
        }
        return new Java(Path.of(System.getProperty("java.home")), Runtime.version().feature(), "the tool's own");
    }

    /** A JDK home's feature release from its release file, when it has bin/java. */
    static Optional<Integer> feature(Path home) {
        if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
            return Optional.empty();
        }
        return readRelease(home).map(VERSION::matcher).filter(Matcher::find).map(m -> Integer.parseInt(m.group(1)));
    }

    private static Optional<String> readRelease(Path home) {
        try {
            return Optional.of(Files.readString(home.resolve("release"), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    static Path defaultCacheDir(Map<String, String> env) {
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(env.getOrDefault("HOME",
                System.getProperty("user.home")), ".cache");
        return base.resolve("supply-chaos").resolve("aot");
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return "java " + java.feature() + " (" + java.home() + ", " + java.source() + ")"
                + (!aot ? ", no class cache (" + AOT_VARIABLE + "=off)"
                : java.supportsAotCache() ? ", AOT cache in " + cacheDir : ", CDS archive in " + cacheDir);
    }
}
