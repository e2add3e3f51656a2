package io.supplychaos.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What letting an attached cluster go will do, found before anything is done so that it can be
 * listed and confirmed ({@code down}, {@code --yes}): each change as lines saying what it changes,
 * whether it changes a cluster the tool did not start (those are the ones a user confirms), and the
 * action. {@link #apply} makes the changes in order, saying what each did; when one fails, the
 * others are still made, and the attachment stays recorded so that a second {@code down} tries again.
 */
public final class Release {

    /** What one change does; {@code out} takes what it did. */
    @FunctionalInterface
    public interface Action {
        void run(Consumer<String> out);
    }

    /**
     * One change.
     *
     * @param lines   what it will change, one thing a line ("delete topic order-placed")
     * @param foreign true when it changes a cluster the tool did not start: listed and confirmed first
     * @param action  the change
     */
    public record Step(List<String> lines, boolean foreign, Action action) {
        public Step {
            lines = List.copyOf(lines);
        }
    }

    private final String env;
    private final List<Step> steps;
    private final Action finish;

    /**
     * @param env    the env's name, for messages
     * @param steps  the changes, in the order they are made
     * @param finish what follows when every change was made (forget the attachment, say what stays)
     */
    Release(String env, List<Step> steps, Action finish) {
        this.env = env;
        this.steps = List.copyOf(steps);
        this.finish = finish;
    }

    public List<Step> steps() {
        return steps;
    }

    /** The changes to a cluster the tool did not start, one a line: what a user confirms; empty when none. */
    public List<String> foreignChanges() {
        return steps.stream().filter(Step::foreign).flatMap(step -> step.lines().stream()).toList();
    }

    /** Makes every change in order, saying on {@code out} what each did, then finishes. */
    public void apply(Consumer<String> out) {
        List<String> failed = new ArrayList<>();
        for (Step step : steps) {
            try {
                step.action().run(out);
            } catch (RuntimeException e) {
                String what = String.join("; ", step.lines());
                out.accept("could not " + what + ": " + e.getMessage());
                failed.add(what);
            }
        }
        if (!failed.isEmpty()) {
            throw new IllegalStateException("env " + env + " stays recorded: " + failed.size() + " change(s) not made ("
                    + String.join("; ", failed) + "); `./chaos down` tries them again");
        }
        finish.run(out);
    }
}
