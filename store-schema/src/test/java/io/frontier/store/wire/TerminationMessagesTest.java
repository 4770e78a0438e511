package io.frontier.store.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TerminationMessagesTest {

    private static <T> T roundTrip(T message) {
        @SuppressWarnings("unchecked")
        Class<T> type = (Class<T>) message.getClass();
        return WireCodec.decode(WireCodec.encode(message), type);
    }

    private static byte[] json(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void everyTerminationMessageSurvivesEncodingUnchanged() {
        ShutdownAck ack = new ShutdownAck(5, Map.of("executions", 12L, "timeouts", 0L));
        List<Object> messages = List.of(
                new Prepare(3, -7_123_456_789L),
                new Vote(3, -7_123_456_789L, 2, true),
                new Decision(3, 99L, Decision.Kind.COMMIT, "quiescence confirmed in probe round 3"),
                new Decision(0, 0L, Decision.Kind.STOP, "rank 1: corpus object does not match its name"),
                new Shutdown(1),
                ack,
                new Stats(1, ExitStatus.INVALID_RESULTS, 2, Map.of("executions", 40L), List.of(ack), List.of(7),
                        Map.of(9, "worker 9 did not answer its assignment in time")),
                new StatsAck(ExitStatus.CONTROL_FAILURE, List.of(1, 7)),
                new ControlFailure(2, "corpus object does not match its name", Map.of("path", "ab12")));

        for (Object message : messages) {
            assertThat(roundTrip(message)).isEqualTo(message);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"round\":0,\"probe\":1}",
        "{\"round\":1}",
        "{\"round\":1,\"probe\":1,\"extra\":true}",
        "not json at all",
    })
    void aPrepareThatIsNotExactlyAPrepareIsMalformed(String text) {
        assertThatThrownBy(() -> WireCodec.decode(json(text), Prepare.class))
                .isInstanceOf(MalformedMessageException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"round\":1,\"probe\":1,\"kind\":\"MAYBE\",\"reason\":\"x\"}",
        "{\"round\":1,\"probe\":1,\"kind\":\"COMMIT\",\"reason\":\" \"}",
        "{\"round\":1,\"probe\":1,\"kind\":null,\"reason\":\"x\"}",
        "{\"round\":0,\"probe\":1,\"kind\":\"ABORT\",\"reason\":\"x\"}",
    })
    void aDecisionWithoutAKnownKindAReasonOrARoundToAnswerIsMalformed(String text) {
        assertThatThrownBy(() -> WireCodec.decode(json(text), Decision.class))
                .isInstanceOf(MalformedMessageException.class);
    }

    @Test
    void figuresAreNamedAndNeverNegative() {
        assertThatThrownBy(() -> WireCodec.decode(json("{\"worker\":3,\"figures\":{\"executions\":-1}}"),
                ShutdownAck.class)).isInstanceOf(MalformedMessageException.class);
        assertThatThrownBy(() -> WireCodec.decode(json("{\"worker\":3,\"figures\":{\"executions\":null}}"),
                ShutdownAck.class)).isInstanceOf(MalformedMessageException.class);
        assertThatThrownBy(() -> WireCodec.decode(json("{\"rank\":1,\"exit\":\"QUIESCENT\",\"invalidResults\":-2,"
                + "\"figures\":{},\"workers\":[],\"missingWorkers\":[]}"), Stats.class))
                .isInstanceOf(MalformedMessageException.class);
    }

    @Test
    void anExitStatusTravelsByNameAndOnlyKnownNamesDecode() {
        assertThat(new String(WireCodec.encode(new StatsAck(ExitStatus.QUIESCENT, List.of())), StandardCharsets.UTF_8))
                .contains("\"QUIESCENT\"");
        assertThatThrownBy(() -> WireCodec.decode(json("{\"exit\":\"FINE\",\"unanswered\":[]}"), StatsAck.class))
                .isInstanceOf(MalformedMessageException.class);
    }

    @Test
    void theWorseExitStatusWinsAndItsCodeIsTheProcessExitCode() {
        assertThat(ExitStatus.QUIESCENT.worse(ExitStatus.INVALID_RESULTS)).isEqualTo(ExitStatus.INVALID_RESULTS);
        assertThat(ExitStatus.CONTROL_FAILURE.worse(ExitStatus.INVALID_RESULTS)).isEqualTo(ExitStatus.CONTROL_FAILURE);
        assertThat(ExitStatus.INVALID_RESULTS.worse(ExitStatus.QUIESCENT)).isEqualTo(ExitStatus.INVALID_RESULTS);
        assertThat(ExitStatus.STOPPED.worse(ExitStatus.INVALID_RESULTS)).as("the campaign goes on").isEqualTo(ExitStatus.STOPPED);
        assertThat(ExitStatus.STOPPED.worse(ExitStatus.CONTROL_FAILURE)).isEqualTo(ExitStatus.CONTROL_FAILURE);
        assertThat(ExitStatus.QUIESCENT.worse(ExitStatus.STOPPED)).isEqualTo(ExitStatus.STOPPED);
        assertThat(List.of(ExitStatus.values())).extracting(ExitStatus::code).containsExactly(0, 1, 75, 70);
    }

    @Test
    void aControlFailureDescribesItselfWithItsRankAndContextInOrder() {
        ControlFailure failure = new ControlFailure(2, "malformed message",
                Map.of("source", "0"));

        assertThat(failure.describe()).isEqualTo("rank 2: malformed message [source=0]");
        assertThat(new ControlFailure(1, "stalled", Map.of()).describe()).isEqualTo("rank 1: stalled");
    }
}
