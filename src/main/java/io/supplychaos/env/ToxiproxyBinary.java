package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * Finds the Toxiproxy server binary, installing v{@value #VERSION} with {@code go install} into the
 * shared cache ({@code ~/.cache/supply-chaos/bin/toxiproxy-server}, the same place ./chaos uses)
 * when it is missing. Lookup order: {@code $TOXIPROXY_SERVER}, the cache, {@code toxiproxy-server}
 * on the PATH.
 */
public final class ToxiproxyBinary {
    public static final String VERSION = "2.5.0";
    public static final String NAME = "toxiproxy-server";
    private static final String MODULE = "github.com/Shopify/toxiproxy/v2/cmd/server@v" + VERSION;

    private ToxiproxyBinary() {
    }

    public static synchronized Path locateOrInstall() {
        String explicit = System.getenv("TOXIPROXY_SERVER");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        Path cached = ChaosPaths.cacheBinDir().resolve(NAME);
        if (Files.isExecutable(cached)) {
            return cached;
        }
        return ExternalCommand.which(NAME).orElseGet(() -> install(cached));
    }

    private static Path install(Path target) {
        Path go = ExternalCommand.which("go", Path.of("/usr/local/go/bin")).orElseThrow(() -> new IllegalStateException(
                "Toxiproxy is not installed and Go is missing: install Go, or put " + NAME + " on the PATH"));
        try {
            // go install names the binary after its package dir ("server"); a private GOBIN keeps that name out of the cache
            Path gobin = Files.createTempDirectory("toxiproxy-install-");
            ExternalCommand.run(List.of(go.toString(), "install", MODULE), gobin, Map.of("GOBIN", gobin.toString()), 600);
            Files.createDirectories(target.getParent());
            Files.move(gobin.resolve("server"), target, StandardCopyOption.REPLACE_EXISTING);
            Files.deleteIfExists(gobin);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot install Toxiproxy into " + target.getParent(), e);
        }
    }
}
