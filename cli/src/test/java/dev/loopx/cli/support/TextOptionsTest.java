package dev.loopx.cli.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The rule every option value follows: what a path argument may look like, and what no value may carry. */
class TextOptionsTest {
    @Test
    void aPathWithRandomLookingSegmentsIsAValidArgument() {
        // the snapshot update apply writes and hands to the new runtime's sync-installed
        for (String path : new String[] {
            "/tmp/junit-8819283746152837465/app/.loopx/private/upgrades/2026-12-02T071500123456789Z-b3e518894880-snapshot.json",
            "./build/0c9fyz1m3qv8ki2jh4vn5x7lw6prdsbt-out/plan.json",
            "cache/7f3a9c2e4b1d8f6a0e5c3b7d9a1f4e2c8b6d0a3f5e7c9b1d/plan.json"
        }) {
            assertTrue(TextOptions.argumentProblem(path).isEmpty(), path);
        }
    }

    @Test
    void aRandomTokenOutsideAPathAndACredentialInsideOneAreRefused() {
        assertEquals(
                ErrorCode.PUBLIC_BOUNDARY_VIOLATION,
                TextOptions.argumentProblem("2026-12-02T071500123456789Z-b3e518894880-snapshot")
                        .orElseThrow()
                        .errorCode());
        assertEquals(
                ErrorCode.PUBLIC_BOUNDARY_VIOLATION,
                TextOptions.argumentProblem("/tmp/ghp_FAKE0123456789abcdefghijklmnopqrstuv/plan.json")
                        .orElseThrow()
                        .errorCode());
        assertEquals(
                ErrorCode.PUBLIC_BOUNDARY_VIOLATION,
                TextOptions.argumentProblem("https://user:hunter2hunter2@example.com/x")
                        .orElseThrow()
                        .errorCode());
    }
}
