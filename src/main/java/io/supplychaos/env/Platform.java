package io.supplychaos.env;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether this machine can host what the tool starts: brokers, Toxiproxy and app instances are
 * processes in sessions of their own ({@code setsid}, so that a stop reaches their children), and
 * their state (running, paused by SIGSTOP, gone) and the host's CPU and memory are read from
 * {@code /proc}. Linux has both; macOS has neither, so the verbs that start or signal processes
 * refuse there at once with what is missing, instead of failing halfway. Verbs that only read
 * files (report, check, list, schema, completion) work anywhere Java does.
 */
public final class Platform {

    private Platform() {
    }

    /** What this machine lacks to run envs, or empty when it has all of it. */
    public static Optional<String> missing() {
        return missing(System.getProperty("os.name", ""), onPath("setsid"), Files.isReadable(Path.of("/proc/self/stat")));
    }

    /** The rule itself, for any OS name and facilities found. */
    static Optional<String> missing(String osName, boolean hasSetsid, boolean hasProc) {
        List<String> lacking = new ArrayList<>();
        if (!hasSetsid) {
            lacking.add("setsid (util-linux) to start brokers and apps in sessions of their own");
        }
        if (!hasProc) {
            lacking.add("/proc to read process state and host CPU and memory");
        }
        if (lacking.isEmpty()) {
            return Optional.empty();
        }
        String os = osName.toLowerCase(Locale.ROOT).contains("mac") ? "macOS" : osName;
        return Optional.of("supply-chaos starts and signals its brokers and apps with Linux facilities, and " + os
                + " lacks " + String.join(" and ", lacking) + ". Run it on Linux: a Linux VM or container (e.g."
                + " `docker run -it -v $PWD:/src eclipse-temurin:17 bash`) works; report, check, list, schema and"
                + " completion work here.");
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
