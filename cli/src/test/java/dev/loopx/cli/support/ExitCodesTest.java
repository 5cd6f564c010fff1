package dev.loopx.cli.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.commands.Rejection;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every decider refusal has an exit code by type, consistent with the error-code table. */
class ExitCodesTest {
    @Test
    void everyRejectionIsExitOneUnlessItIsAboutTheInput_andAgreesWithTheErrorCodeTable() throws Exception {
        Class<?>[] kinds = Rejection.class.getPermittedSubclasses();
        assertTrue(kinds.length >= 22, "the sealed Rejection hierarchy is read by reflection");
        List<String> badInput = new ArrayList<>();
        for (Class<?> kind : kinds) {
            Rejection r = sample(kind);
            int exit = ExitCodes.forRejection(r);
            assertTrue(exit == ExitCodes.REFUSED || exit == ExitCodes.BAD_INPUT, kind.getSimpleName() + " -> " + exit);
            assertEquals(
                    ExitCodes.forError(ErrorCode.of(r.errorCode())) == ExitCodes.BAD_INPUT,
                    exit == ExitCodes.BAD_INPUT,
                    kind.getSimpleName() + " (" + r.errorCode()
                            + "): the type's exit code and the error code's disagree");
            if (exit == ExitCodes.BAD_INPUT) {
                badInput.add(r.errorCode());
            }
        }
        assertEquals(
                List.of(
                        "decision_outcome_required",
                        "gate_scope_required",
                        "invalid_arguments",
                        "invalid_enum",
                        "invalid_same_outcome_limits",
                        "invalid_task_class",
                        "invalid_ttl",
                        "replacement_same_as_todo"),
                badInput.stream().sorted().toList());
    }

    /** A rejection with placeholder values (the exit code depends on the type only). */
    private static Rejection sample(Class<?> kind) throws Exception {
        RecordComponent[] components = kind.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = types[i] == String.class
                    ? "x"
                    : types[i] == long.class
                            ? 1L
                            : types[i] == int.class ? 1 : types[i] == boolean.class ? Boolean.FALSE : List.of();
        }
        return (Rejection) kind.getDeclaredConstructor(types).newInstance(values);
    }
}
