package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx demo}'s answer, {@code loopx_demo_v0}: every step of the tour with the command it
 * ran, its exit code and its JSON result, whether the rebuilt projections were byte-identical, and
 * what to do next. Its text is the tour: each step's title, its command line and what that command
 * printed for a person ({@link Step#shown}, rendered when the step ran).
 *
 * @param projectLabel     the temporary project's folder name
 * @param rebuildIdentical the canonical dumps before and after the rebuild are the same bytes
 * @param ok               every step ended as the tour expects
 * @param steps            the steps in the order they ran
 * @param nextStep         what the tour suggests next, runnable as printed in the project's folder
 */
public record DemoAnswer(String projectLabel, boolean rebuildIdentical, boolean ok, List<Step> steps, String nextStep)
        implements RenderedAnswer {
    public DemoAnswer {
        Objects.requireNonNull(projectLabel, "projectLabel");
        steps = List.copyOf(steps);
        Objects.requireNonNull(nextStep, "nextStep");
    }

    /**
     * One step of the tour.
     *
     * @param title        what the step shows
     * @param command      the command line it ran ({@code loopx …})
     * @param exitCode     its exit code
     * @param result       its JSON answer, path-redacted
     * @param shownCommand the command line as the tour prints it (a digest pipe added where it shows one)
     * @param shown        what the command printed for a person (its text view, an error's two lines, …)
     */
    public record Step(
            String title, String command, int exitCode, ObjectNode result, String shownCommand, String shown) {
        public Step {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(shownCommand, "shownCommand");
            Objects.requireNonNull(shown, "shown");
        }
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_demo_v0", ok);
        doc.put("project_label", projectLabel);
        doc.put("rebuild_identical", rebuildIdentical);
        ArrayNode list = doc.putArray("steps");
        for (Step s : steps) {
            ObjectNode item = list.addObject();
            item.put("title", s.title());
            item.put("command", s.command());
            item.put("exit_code", s.exitCode());
            item.set("result", s.result());
        }
        doc.put("next_step", nextStep);
        return doc;
    }

    void text(PrintWriter out) {
        out.println("LoopX demo — a temporary project, every step a real command, shown as that command prints it:");
        int n = 1;
        for (Step s : steps) {
            out.println();
            out.println(n++ + ". " + s.title());
            out.println("   $ " + s.shownCommand() + (s.exitCode() == 0 ? "" : "      # exit " + s.exitCode()));
            out.println("   " + s.shown().stripTrailing().replace("\n", "\n   "));
        }
        out.println();
        out.println(
                rebuildIdentical
                        ? "The two digests match: the rebuilt projections are byte-identical to the incrementally maintained ones."
                        : "WARNING: the rebuilt projections differ from the incremental ones.");
        out.println(
                ok
                        ? "All steps succeeded. Next, in your own project's folder:  " + nextStep
                        : "Some steps failed (see above).");
    }
}
