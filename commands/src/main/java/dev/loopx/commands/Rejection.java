package dev.loopx.commands;

/**
 * Why a command decided to append nothing. Each case maps 1:1 to an {@code error_code}; the CLI
 * renders it as {@code ok=false} with exit code 1. Bugs and I/O failures are exceptions, never
 * rejections.
 */
public sealed interface Rejection {
    String errorCode();

    String message();

    /** The next command a person or host should run. */
    String hint();

    record GoalNotFound(String goalId) implements Rejection {
        @Override
        public String errorCode() {
            return "goal_not_found";
        }

        @Override
        public String message() {
            return "no goal " + goalId + " is registered in this runtime root";
        }

        @Override
        public String hint() {
            return "loopx connect --project <dir> --goal-id " + goalId;
        }
    }

    record ConcurrentWriteConflict(long expectedHead, long actualHead) implements Rejection {
        @Override
        public String errorCode() {
            return "concurrent_write_conflict";
        }

        @Override
        public String message() {
            return "another writer appended while this command decided (head " + expectedHead + " became "
                    + actualHead + "); nothing was written";
        }

        @Override
        public String hint() {
            return "run the same command again";
        }
    }
}
