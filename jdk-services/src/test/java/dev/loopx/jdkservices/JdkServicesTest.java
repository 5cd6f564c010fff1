package dev.loopx.jdkservices;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLStreamHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class JdkServicesTest {
    @Test
    void systemLoggersLogThroughJavaUtilLoggingWithTheJdksLevels() {
        java.util.logging.Logger jul = java.util.logging.Logger.getLogger("loopx.test.bridge");
        List<LogRecord> records = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        jul.addHandler(handler);
        jul.setUseParentHandlers(false);
        jul.setLevel(java.util.logging.Level.INFO);
        try {
            System.Logger logger = new JulLoggerFinder()
                    .getLogger("loopx.test.bridge", getClass().getModule());
            assertEquals("loopx.test.bridge", logger.getName());
            assertTrue(logger.isLoggable(System.Logger.Level.WARNING));
            assertFalse(logger.isLoggable(System.Logger.Level.DEBUG));
            logger.log(System.Logger.Level.DEBUG, "not logged");
            logger.log(System.Logger.Level.ERROR, "failed {0}", "here");
            RuntimeException thrown = new RuntimeException("x");
            logger.log(System.Logger.Level.WARNING, "with a cause", thrown);
            assertEquals(2, records.size());
            assertEquals(java.util.logging.Level.SEVERE, records.get(0).getLevel());
            assertEquals("failed {0}", records.get(0).getMessage());
            assertEquals("here", records.get(0).getParameters()[0]);
            assertEquals(java.util.logging.Level.WARNING, records.get(1).getLevel());
            assertEquals(thrown, records.get(1).getThrown());
        } finally {
            jul.removeHandler(handler);
        }
    }

    @Test
    void everyLevelMapsAsTheJdkMapsIt() {
        assertEquals(java.util.logging.Level.ALL, JulLoggerFinder.julLevel(System.Logger.Level.ALL));
        assertEquals(java.util.logging.Level.FINER, JulLoggerFinder.julLevel(System.Logger.Level.TRACE));
        assertEquals(java.util.logging.Level.FINE, JulLoggerFinder.julLevel(System.Logger.Level.DEBUG));
        assertEquals(java.util.logging.Level.INFO, JulLoggerFinder.julLevel(System.Logger.Level.INFO));
        assertEquals(java.util.logging.Level.WARNING, JulLoggerFinder.julLevel(System.Logger.Level.WARNING));
        assertEquals(java.util.logging.Level.SEVERE, JulLoggerFinder.julLevel(System.Logger.Level.ERROR));
        assertEquals(java.util.logging.Level.OFF, JulLoggerFinder.julLevel(System.Logger.Level.OFF));
    }

    @Test
    void httpGetsTheJdksOwnHandlerAndEveryOtherProtocolTheUsualSearch() throws Exception {
        URLStreamHandler http = new HttpHandlers().createURLStreamHandler("http");
        assertNotNull(http, "the tests run with the launcher's export of the handler's package");
        assertEquals(HttpHandlers.JDK_HTTP_HANDLER, http.getClass().getName());
        URL url = new URL(null, "http://127.0.0.1:9/x", http);
        assertTrue(url.openConnection() instanceof HttpURLConnection); // not connected: no request is made
        assertNull(new HttpHandlers().createURLStreamHandler("https"));
        assertNull(new HttpHandlers().createURLStreamHandler("jar"));
        assertNull(new HttpHandlers().createURLStreamHandler("ftp"));
    }
}
