package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** attached.json holds client secrets: the owner alone reads it, in a state directory only the owner enters. */
class AttachmentPermissionsTest {

    @TempDir
    Path dir;

    @Test
    void shouldWriteTheAttachmentOwnerOnlyInAnOwnerOnlyStateDirectory() throws Exception {
        // given a state directory that does not exist yet and an attachment carrying a SASL password
        Path stateDir = dir.resolve("state");
        KafkaAccess access = new KafkaAccess("127.0.0.1:29041", Map.of("security.protocol", "SASL_PLAINTEXT",
                "sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\" password=\"s3cret\";"));
        Attachment attachment = new Attachment(spec(), "env/external.yaml", Instant.EPOCH, access, Map.of(), false, "up");

        // when it is recorded
        attachment.write(stateDir);

        // then the file is 0600, the directory the tool created is 0700 and marked as the tool's
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(stateDir.resolve("attached.json"))))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(stateDir))).isEqualTo("rwx------");
        assertThat(StateDir.isMarked(stateDir)).isTrue();
        assertThat(Attachment.read(stateDir)).contains(attachment);
    }

    @Test
    void shouldKeepTheAttachmentOwnerOnlyWhenRewrittenOverAWiderFile() throws Exception {
        // given a state directory and an attached.json a former version left readable by all
        Path stateDir = StateDir.createOwned(dir.resolve("state"));
        Files.writeString(stateDir.resolve("attached.json"), "{}");
        Files.setPosixFilePermissions(stateDir.resolve("attached.json"), PosixFilePermissions.fromString("rw-r--r--"));

        // when an attachment is recorded over it
        new Attachment(spec(), "env/external.yaml", Instant.EPOCH, KafkaAccess.plaintext("127.0.0.1:29041"), Map.of(), false, "up")
                .write(stateDir);

        // then the file that replaced it is the owner's only
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(stateDir.resolve("attached.json"))))
                .isEqualTo("rw-------");
    }

    @Test
    void shouldCreateEveryDirectoryTheToolOwnsOwnerOnly() throws Exception {
        // given no state directory yet
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(dir.resolve("fresh"));

        // when the tool claims it
        StateDir.claim(paths);

        // then only its owner may enter it
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(paths.stateDir()))).isEqualTo("rwx------");
    }

    private static EnvSpec spec() {
        return new EnvSpec("external-c3", 3, 3, 6, 2, Partitioning.KEY, Network.DIRECT, Map.of(), EnvKind.EXTERNAL, Map.of(),
                null, null, null, null, null);
    }
}
