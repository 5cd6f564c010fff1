package dev.loopx.jdkservices;

import java.net.URLStreamHandler;
import java.net.spi.URLStreamHandlerProvider;

/**
 * The JDK's own handler for {@code http:} URLs (the one the JDK would choose after finding no
 * provider), when the launcher exports its package to this module
 * ({@code --add-exports=java.base/sun.net.www.protocol.http=dev.loopx.jdkservices}); no handler, so
 * the JDK's usual search, for every other protocol or without that export.
 */
public final class HttpHandlers extends URLStreamHandlerProvider {
    static final String JDK_HTTP_HANDLER = "sun.net.www.protocol.http.Handler";

    @Override
    public URLStreamHandler createURLStreamHandler(String protocol) {
        if (!"http".equals(protocol)) {
            return null;
        }
        try {
            return (URLStreamHandler)
                    Class.forName(JDK_HTTP_HANDLER).getConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null; // not exported here (or another JDK): the JDK finds its handler as usual
        }
    }
}
