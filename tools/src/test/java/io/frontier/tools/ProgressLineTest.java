package io.frontier.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressLineTest {

    @Test
    void onATerminalTheLineIsWrittenInPlaceAndCleared() {
        StringWriter err = new StringWriter();
        ProgressLine progress = new ProgressLine(new PrintWriter(err), true);

        progress.update("verified 10 objects");
        progress.clear();

        assertThat(err.toString()).isEqualTo("\rverified 10 objects\r" + " ".repeat(19) + "\r");
    }

    @Test
    void updatesComingFasterThanAPersonReadsAreDropped() {
        StringWriter err = new StringWriter();
        ProgressLine progress = new ProgressLine(new PrintWriter(err), true);

        progress.update("first");
        progress.update("second");

        assertThat(err.toString()).isEqualTo("\rfirst");
    }

    @Test
    void offATerminalOrInJsonModeNothingIsWritten() {
        StringWriter err = new StringWriter();
        ProgressLine progress = new ProgressLine(new PrintWriter(err), false);

        progress.update("verified 10 objects");
        progress.clear();

        assertThat(err.toString()).isEmpty();
    }
}
