package dev.loopx.host.codexapp.store;

/**
 * Called at each {@link MigrationStep} of a locked write, on the writing thread. A journal writer
 * records progress here; fault-injection tests throw (the write is then undone and the exception
 * propagates) or stop the process (then the stores are left as the step describes, and
 * {@link CodexAutomationStore#converge} finishes or undoes the change from the recorded images).
 */
@FunctionalInterface
public interface MigrationHook {
    MigrationHook NONE = (step, automationId) -> {};

    void at(MigrationStep step, String automationId) throws Exception;
}
