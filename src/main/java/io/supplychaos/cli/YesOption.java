package io.supplychaos.cli;

import java.io.Console;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import picocli.CommandLine.Option;

/**
 * The {@code --yes} option of the verbs that may delete or stop something on a cluster the tool did
 * not start ({@code down}, {@code run --delete-topics}), and the confirmation it stands for: what
 * will change is listed, then asked on the terminal, or taken as confirmed with {@code --yes}.
 * Without a terminal and without {@code --yes} the list is printed and the verb exits 2 having
 * changed nothing. On the tool's own cluster (the embedded env, a compose project it brought up)
 * nothing is asked.
 */
public final class YesOption {

    @Option(names = "--yes", description = "Do without asking what the verb changes on a cluster supply-chaos did not "
            + "start (topics and groups it deletes, brokers it starts or resumes, Chaos Mesh resources and toxics it removes); "
            + "it is still listed. Without a terminal, needed for such a change.")
    boolean yes;

    /** Where a question is asked: the terminal, when there is one. */
    interface Terminal {
        /** Whether there is a terminal to ask on. */
        boolean present();

        /** The answer to {@code question}; empty when the terminal was closed (end of input). */
        Optional<String> ask(String question);

        /** The JVM's console, when it has one (stdin and stdout a terminal). */
        static Terminal system() {
            return new Terminal() {
                @Override
                public boolean present() {
                    return System.console() != null;
                }

                @Override
                public Optional<String> ask(String question) {
                    return Optional.ofNullable(System.console().readLine("%s", question));
                }
            };
        }
    }

    /** Where the question is asked; tests give their own. */
    Terminal terminal = Terminal.system();

    /**
     * Whether {@code changes} may be made: none to make, {@code --yes}, or "y"/"yes" on the terminal.
     * Lists them on {@code out} when confirmed, on {@code err} with what to do when not.
     *
     * @param what what the changes are, e.g. "down would change env staging (external), which supply-chaos did not start"
     */
    boolean confirmed(String what, List<String> changes, PrintWriter out, PrintWriter err) {
        if (changes.isEmpty()) {
            return true;
        }
        if (yes) {
            list(out, what + " (--yes):", changes);
            return true;
        }
        if (!terminal.present()) {
            list(err, "error: " + what + ", and there is no terminal to confirm on:", changes);
            err.println("nothing was changed; run again with --yes to make these changes");
            err.flush();
            return false;
        }
        list(out, what + ":", changes);
        Optional<String> answer = terminal.ask("go ahead? [y/N] ");
        if (answer.isEmpty()) {
            err.println("not confirmed (no answer): nothing was changed");
            err.flush();
            return false;
        }
        String reply = answer.get().trim().toLowerCase(Locale.ROOT);
        if (reply.equals("y") || reply.equals("yes")) {
            return true;
        }
        err.println("not confirmed: nothing was changed");
        err.flush();
        return false;
    }

    private static void list(PrintWriter to, String heading, List<String> changes) {
        to.println(heading);
        changes.forEach(change -> to.println("  - " + change));
        to.flush();
    }
}
