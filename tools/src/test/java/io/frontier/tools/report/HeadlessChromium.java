package io.frontier.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.worker.executor.process.ProgramSearch;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Debian's Chromium run headless on a local page, for tests that check a page really renders. */
public final class HeadlessChromium {

    public static final List<String> BROWSERS = List.of("chromium", "chromium-browser", "google-chrome");
    static final long BROWSER_SECONDS = 120;

    private final Path binary;
    private final Path workDirectory;

    private HeadlessChromium(Path binary, Path workDirectory) {
        this.binary = binary;
        this.workDirectory = workDirectory;
    }

    /** The first Chromium on the PATH, working in {@code workDirectory}, if any is installed. */
    public static Optional<HeadlessChromium> find(Path workDirectory) {
        for (String name : BROWSERS) {
            Optional<Path> browser = ProgramSearch.onPath(name);
            if (browser.isPresent()) {
                return Optional.of(new HeadlessChromium(browser.get(), workDirectory));
            }
        }
        return Optional.empty();
    }

    /** Why a test that needs Chromium is skipped where none is installed. */
    public static String missing() {
        return "no Chromium binary on the PATH (looked for " + BROWSERS + "); scripts/setup.sh installs Debian's chromium";
    }

    /** The page's DOM after Chromium loaded and laid it out. */
    public String dumpDom(Path page, int width, int height) throws Exception {
        return browse(page, width, height, "--dump-dom");
    }

    /** Renders the page into the PNG {@code png}. */
    public void screenshot(Path page, int width, int height, Path png) throws Exception {
        browse(page, width, height, "--screenshot=" + png);
    }

    private String browse(Path page, int width, int height, String extra) throws Exception {
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--disable-gpu",
                "--no-sandbox", "--hide-scrollbars",
                "--user-data-dir=" + Files.createTempDirectory(workDirectory, "profile"),
                "--window-size=" + width + "," + height, extra, page.toUri().toString()));
        Path out = Files.createTempFile(workDirectory, "chromium", ".out");
        Path err = Files.createTempFile(workDirectory, "chromium", ".err");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            boolean ended = process.waitFor(BROWSER_SECONDS, TimeUnit.SECONDS);
            assertThat(ended).as("chromium ended within %d s: %s", BROWSER_SECONDS, command).isTrue();
            assertThat(process.exitValue()).as("chromium's exit code; its errors:%n%s", Files.readString(err)).isZero();
        } finally {
            process.destroyForcibly();
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
