package dev.loopx.host.heartbeat;

import java.util.Optional;

/**
 * Exact recognition of managed heartbeat wrappers (SPEC §S11): a prompt is managed only if it
 * parses as a layout LoopX shipped ({@link WrapperVersion}) and re-rendering that layout from the
 * parsed binding gives the identical text. Any appended or prepended text, reordered or duplicated
 * flag, different quoting, trailing whitespace, CRLF line ends or edited line makes the prompt
 * custom (empty result). Pure and thread-safe.
 */
public final class WrapperRecognizer {
    private WrapperRecognizer() {}

    /** The binding of a managed wrapper, or empty for a custom prompt. */
    public static Optional<WrapperBinding> recognize(String prompt) {
        if (prompt == null) {
            return Optional.empty();
        }
        for (WrapperVersion version : WrapperVersion.values()) {
            Optional<WrapperBinding> binding = version.parse(prompt);
            if (binding.isPresent() && version.render(binding.get()).equals(prompt)) {
                return binding;
            }
        }
        return Optional.empty();
    }
}
