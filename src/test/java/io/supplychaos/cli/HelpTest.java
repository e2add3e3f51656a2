package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** Every verb explains itself: {@code ./chaos VERB --help} prints its usage and exits 0. */
class HelpTest {

    @Test
    void everyVerbAnswersHelp() {
        assertThat(ChaosCli.commandLine().getSubcommands()).hasSizeGreaterThan(20);
        for (String verb : ChaosCli.commandLine().getSubcommands().keySet()) {
            StringWriter out = new StringWriter();
            CommandLine cli = ChaosCli.commandLine().setOut(new PrintWriter(out));

            int exit = cli.execute(verb, "--help");

            assertThat(exit).as(verb).isZero();
            assertThat(out.toString()).as(verb).contains("Usage: chaos " + verb);
        }
    }
}
