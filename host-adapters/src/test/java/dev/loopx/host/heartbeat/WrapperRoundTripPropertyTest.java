package dev.loopx.host.heartbeat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Laws of exact recognition over random bindings of every shipped version. */
class WrapperRoundTripPropertyTest {
    @Property(tries = 500)
    void recognisingARenderedWrapperGivesBackItsBinding(@ForAll("bindings") WrapperBinding binding) {
        assertEquals(Optional.of(binding), WrapperRecognizer.recognize(ManagedWrapper.render(binding)));
    }

    @Property(tries = 300)
    void appendingAnythingMakesItCustom(@ForAll("bindings") WrapperBinding binding, @ForAll("suffixes") String suffix) {
        assertEquals(Optional.empty(), WrapperRecognizer.recognize(ManagedWrapper.render(binding) + suffix));
    }

    @Property(tries = 300)
    void differentBindingsNeverShareAWrapper(
            @ForAll("bindings") WrapperBinding a, @ForAll("bindings") WrapperBinding b) {
        if (!a.equals(b)) {
            assertNotEquals(ManagedWrapper.render(a), ManagedWrapper.render(b));
        }
    }

    @Provide
    Arbitrary<String> suffixes() {
        return Arbitraries.strings().ofMinLength(1).ofMaxLength(20);
    }

    @Provide
    Arbitrary<WrapperBinding> bindings() {
        Arbitrary<String> ids = Arbitraries.strings()
                .withChars("abcXYZ019")
                .ofMinLength(1)
                .ofMaxLength(1)
                .flatMap(first -> Arbitraries.strings()
                        .withChars("abcXYZ019_-.")
                        .ofMaxLength(30)
                        .map(rest -> (first + rest).replaceAll("\\.+", ".")));
        Arbitrary<String> paths = Arbitraries.strings()
                .withChars("abc/ '._-$\"é\\*")
                .ofMinLength(1)
                .ofMaxLength(40)
                .filter(p -> !p.isBlank())
                .map(p -> "/" + p);
        Arbitrary<String> bins = Arbitraries.of("loopx", "loopx-canary", "/opt/loopx/bin/loopx", "./loopx", "my loopx");
        Arbitrary<List<String>> capabilities = ids.list().ofMaxSize(4);
        return Combinators.combine(Arbitraries.of(1, 2), paths, ids, ids, bins, capabilities)
                .as((v, root, goal, agent, bin, caps) ->
                        new WrapperBinding(v, root, goal, agent, bin, v == 1 ? List.of() : caps));
    }
}
