package dev.loopx.jdkservices;

import java.util.ResourceBundle;

/**
 * {@link System.Logger}s that log through {@link java.util.logging}, as the JDK's default finder
 * does when java.logging is present: same logger names, same levels, same handlers and
 * configuration. (A record's source class is this bridge's caller as java.util.logging infers it.)
 */
public final class JulLoggerFinder extends System.LoggerFinder {
    @Override
    public System.Logger getLogger(String name, Module module) {
        return new JulLogger(java.util.logging.Logger.getLogger(name));
    }

    /** The java.util.logging level of a System.Logger level, as the JDK maps them. */
    static java.util.logging.Level julLevel(System.Logger.Level level) {
        return switch (level) {
            case ALL -> java.util.logging.Level.ALL;
            case TRACE -> java.util.logging.Level.FINER;
            case DEBUG -> java.util.logging.Level.FINE;
            case INFO -> java.util.logging.Level.INFO;
            case WARNING -> java.util.logging.Level.WARNING;
            case ERROR -> java.util.logging.Level.SEVERE;
            case OFF -> java.util.logging.Level.OFF;
        };
    }

    private record JulLogger(java.util.logging.Logger jul) implements System.Logger {
        @Override
        public String getName() {
            return jul.getName();
        }

        @Override
        public boolean isLoggable(Level level) {
            return jul.isLoggable(julLevel(level));
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            jul.logrb(julLevel(level), bundle, msg, thrown);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            jul.logrb(julLevel(level), bundle, format, params);
        }
    }
}
