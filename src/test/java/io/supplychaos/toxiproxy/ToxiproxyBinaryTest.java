package io.supplychaos.toxiproxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

class ToxiproxyBinaryTest {

    @Test
    void givenNoSchedulerSettingOfTheUsersTheServerRunsGoOnOneProcessor() {
        // given the tool's environment without GOMAXPROCS
        Map<String, String> inherited = Map.of("PATH", "/usr/bin", "HOME", "/root");
        // when the server's environment is built
        Map<String, String> environment = ToxiproxyBinary.serverEnvironment(inherited);
        // then Go schedules the proxy on one processor, and it logs at info
        assertThat(environment).containsEntry("GOMAXPROCS", "1").containsEntry("LOG_LEVEL", "info");
    }

    @Test
    void givenTheUsersOwnGomaxprocsTheServerInheritsIt() {
        // given a user who set GOMAXPROCS for a machine with cores to spare
        Map<String, String> inherited = Map.of("GOMAXPROCS", "8");
        // when the server's environment is built
        Map<String, String> environment = ToxiproxyBinary.serverEnvironment(inherited);
        // then the tool adds nothing that would replace the inherited value
        assertThat(environment).doesNotContainKey("GOMAXPROCS").containsEntry("LOG_LEVEL", "info");
    }
}
