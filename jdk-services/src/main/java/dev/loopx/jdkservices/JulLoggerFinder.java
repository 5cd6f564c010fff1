package dev.loopx.jdkservices;

import java.util.ResourceBundle;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@link System.Logger}s that log through {@link java.util.logging}, as the JDK's default finder
 * does when java.logging is present: same logger names, same levels, same handlers and
 * configuration. (A record's source class is this bridge's caller as java.util.logging infers it.)
 */
public final class JulLoggerFinder extends System.LoggerFinder {
    @Override
    public System.Logger getLogger(String name, Module module) {
        return new JulLogger(Logger.getLogger(name));
    }

    /** The java.util.logging level of a System.Logger level, as the JDK maps them. */
    static Level julLevel(System.Logger.Level level) {
        return switch (level) {
            case ALL -> Level.ALL;
            case TRACE -> Level.FINER;
            case DEBUG -> Level.FINE;
            case INFO -> Level.INFO;
            case WARNING -> Level.WARNING;
            case ERROR -> Level.SEVERE;
            case OFF -> Level.OFF;
        };
    }

    private record JulLogger(Logger jul) implements System.Logger {
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
