package io.frontier.tools;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version the build wrote into {@code frontier-version.properties}, plus the runtime. */
final class FrontierVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        Properties properties = new Properties();
        try (InputStream in = FrontierVersion.class.getResourceAsStream("/frontier-version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new String[] {
            "frontier " + properties.getProperty("version", "unknown"),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")",
        };
    }
}
