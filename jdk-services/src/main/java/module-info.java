/**
 * Two JDK service providers for the module path of a heartbeat read on a PostgreSQL runtime root
 * (bin/loopx, ADR 0006 decision 10). The PostgreSQL driver starts java.util.logging, which makes the
 * JDK look for a {@link java.lang.System.LoggerFinder}, and its SCRAM login starts the JDK's crypto
 * framework, which builds an {@code http:} URL and so looks for a
 * {@link java.net.spi.URLStreamHandlerProvider}. Each search reads the service folders of every jar on
 * the class path unless a module in the boot layer provides the service: then it stops there.
 */
module dev.loopx.jdkservices {
    requires java.logging;

    provides java.lang.System.LoggerFinder with
            dev.loopx.jdkservices.JulLoggerFinder;
    provides java.net.spi.URLStreamHandlerProvider with
            dev.loopx.jdkservices.HttpHandlers;
}
