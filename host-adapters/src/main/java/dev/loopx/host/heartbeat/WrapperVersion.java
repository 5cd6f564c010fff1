package dev.loopx.host.heartbeat;

import dev.loopx.host.shell.ShellWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every managed wrapper layout LoopX has shipped. A layout is five lines joined by {@code \n}
 * with no trailing newline: a fixed header with the version marker, a {@code ```sh} fence, the
 * loader command, the closing fence and a fixed instruction. The loader command never contains
 * {@code --bootstrap}, so loading cannot recurse. Layouts are never edited once shipped (a change
 * is a new version); recognition of installed prompts depends on their exact bytes.
 *
 * <ul>
 *   <li>{@link #V1}: {@code <cli> heartbeat-prompt --runtime-root R --goal-id G --agent-id A}; no
 *       capabilities, output format left to the CLI's default.
 *   <li>{@link #V2} (current): {@code <cli> heartbeat-prompt --runtime-root R --format json
 *       --goal-id G --agent-id A --codex-app [--cli-bin <cli>] [--available-capability C]…}
 *       (capabilities sorted). {@code --cli-bin <cli>} is there exactly when {@code <cli>} is not
 *       {@code loopx}: the loader passes its binary through, so the thin body it loads names the
 *       same executable (a canary stays a canary).
 *   <li>{@link #V2_WITHOUT_CLI_PASS_THROUGH}: the v2 layout as first shipped, without
 *       {@code --cli-bin} (identical to {@link #V2} for {@code loopx}); recognised as version 2 so
 *       that such a canary wrapper is upgraded to the current text, never taken for custom.
 * </ul>
 */
public enum WrapperVersion {
    V1(1, "Follow the loaded task_body only when ok=true; otherwise stop and report the blocker."),
    V2(
            2,
            "Follow the loaded task_body only when ok=true. Never fall back to remembered rules."
                    + " If loading fails, stop: no work, no spend; report the blocker."),
    V2_WITHOUT_CLI_PASS_THROUGH(
            2,
            "Follow the loaded task_body only when ok=true. Never fall back to remembered rules."
                    + " If loading fails, stop: no work, no spend; report the blocker.");

    /** The CLI binary a loader does not need to pass through (the thin body's default). */
    static final String DEFAULT_CLI_BIN = "loopx";

    static final String FENCE_OPEN = "```sh";
    static final String FENCE_CLOSE = "```";

    private final int number;
    private final String instruction;

    WrapperVersion(int number, String instruction) {
        this.number = number;
        this.instruction = instruction;
    }

    public static WrapperVersion current() {
        return V2;
    }

    public static Optional<WrapperVersion> of(int number) {
        for (WrapperVersion v : values()) {
            if (v.number == number) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    public int number() {
        return number;
    }

    public String header() {
        return "LoopX managed heartbeat bootstrap v" + number;
    }

    public String instruction() {
        return instruction;
    }

    /** The loader command's words, binary first. */
    public List<String> loaderWords(WrapperBinding b) {
        List<String> words =
                new ArrayList<>(List.of(b.cliBin(), "heartbeat-prompt", "--runtime-root", b.runtimeRoot()));
        if (this != V1) {
            words.addAll(List.of("--format", "json"));
        }
        words.addAll(List.of("--goal-id", b.goalId(), "--agent-id", b.agentId()));
        if (this != V1) {
            words.add("--codex-app");
            if (this == V2 && !b.cliBin().equals(DEFAULT_CLI_BIN)) {
                words.addAll(List.of("--cli-bin", b.cliBin()));
            }
            b.capabilities().forEach(c -> words.addAll(List.of("--available-capability", c)));
        }
        return words;
    }

    /** The wrapper text for a binding of this version. */
    public String render(WrapperBinding b) {
        if (b.version() != number) {
            throw new IllegalArgumentException("binding is for version " + b.version() + ", not " + number);
        }
        if (this == V1 && !b.capabilities().isEmpty()) {
            throw new IllegalArgumentException("version 1 wrappers bind no capabilities");
        }
        return String.join("\n", header(), FENCE_OPEN, ShellWords.join(loaderWords(b)), FENCE_CLOSE, instruction);
    }

    /**
     * The binding a text of this layout carries, when its fixed lines match and its command has
     * exactly this version's words in this version's order. Callers must still compare the
     * re-rendered text (see {@link WrapperRecognizer}).
     */
    Optional<WrapperBinding> parse(String text) {
        String[] lines = text.split("\n", -1);
        if (lines.length != 5
                || !lines[0].equals(header())
                || !lines[1].equals(FENCE_OPEN)
                || !lines[3].equals(FENCE_CLOSE)
                || !lines[4].equals(instruction)) {
            return Optional.empty();
        }
        return ShellWords.split(lines[2]).flatMap(this::bindingOf);
    }

    private Optional<WrapperBinding> bindingOf(List<String> w) {
        int fixed = this != V1 ? 11 : 8;
        if (w.size() < fixed
                || !w.get(1).equals("heartbeat-prompt")
                || !w.get(2).equals("--runtime-root")) {
            return Optional.empty();
        }
        int i = 4;
        if (this != V1) {
            if (!w.get(4).equals("--format") || !w.get(5).equals("json")) {
                return Optional.empty();
            }
            i = 6;
        }
        if (!w.get(i).equals("--goal-id") || !w.get(i + 2).equals("--agent-id")) {
            return Optional.empty();
        }
        String goal = w.get(i + 1);
        String agent = w.get(i + 3);
        i += 4;
        List<String> capabilities = new ArrayList<>();
        if (this != V1) {
            if (!w.get(i).equals("--codex-app") || (w.size() - i - 1) % 2 != 0) {
                return Optional.empty();
            }
            int first = i + 1;
            if (this == V2 && first < w.size() && w.get(first).equals("--cli-bin")) {
                if (!w.get(first + 1).equals(w.get(0))) {
                    return Optional.empty(); // the pass-through names the loader's own binary
                }
                first += 2;
            }
            for (int k = first; k < w.size(); k += 2) {
                if (!w.get(k).equals("--available-capability")) {
                    return Optional.empty();
                }
                capabilities.add(w.get(k + 1));
            }
        } else if (w.size() != i) {
            return Optional.empty();
        }
        if (WrapperBinding.problem(w.get(3), goal, agent, w.get(0), capabilities)
                .isPresent()) {
            return Optional.empty();
        }
        return Optional.of(new WrapperBinding(number, w.get(3), goal, agent, w.get(0), capabilities));
    }
}
