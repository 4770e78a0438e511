package io.frontier.store.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.exploration.Tier;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;
import io.frontier.store.coverage.Coverage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class WireMessagesTest {

    private static final Digest WORK = Digest.parse("a".repeat(64));
    private static final Digest CHILD = Digest.parse("b".repeat(64));
    private static final Token TOKEN = Token.of("c".repeat(32));
    private static final ResultId RESULT = ResultId.of("d".repeat(32));
    private static final Execution EXITED = new Execution("command", "ok", 0, false, 12, false);

    @Test
    void assignRoundTrips() {
        Assign assign = new Assign(WORK, TOKEN, RESULT, "symcc", 3, 2, 4, Tier.REPEAT, null);

        assertThat(WireCodec.decode(WireCodec.encode(assign), Assign.class)).isEqualTo(assign);
    }

    @Test
    void anAssignNamesAWellFormedExecutorKind() {
        for (String executor : new String[] {null, "", "SymCC", "afl++", "x".repeat(33)}) {
            assertThatThrownBy(() -> new Assign(WORK, TOKEN, RESULT, executor, 3, 2, 4, Tier.REPEAT, null))
                    .as(executor).isInstanceOf(InvalidInputException.class).hasMessageContaining("executor kind");
        }
    }

    @Test
    void assignAndResultCarryAPruningMapExactly() {
        byte[] file = new byte[PruningMap.BYTES];
        file[0] = 1;
        file[PruningMap.BYTES - 1] = (byte) 0x80;
        PruningMap map = PruningMap.of(file);
        Assign assign = new Assign(WORK, TOKEN, RESULT, "symcc", 3, 2, 4, Tier.REPEAT, map);
        Result result = new Result(WORK, TOKEN, RESULT, WORK, List.of(), 0, EXITED, null, map);

        assertThat(WireCodec.decode(WireCodec.encode(assign), Assign.class).pruningMap()).isEqualTo(map);
        assertThat(WireCodec.decode(WireCodec.encode(result), Result.class)).isEqualTo(result);
    }

    @Test
    void anAssignWhosePruningMapDoesNotDecodeIsRejectedWhole() {
        String json = new String(
                WireCodec.encode(new Assign(WORK, TOKEN, RESULT, "symcc", 3, 2, 4, Tier.REPEAT, PruningMap.empty())),
                StandardCharsets.UTF_8);
        String damaged = json.replace(PruningMap.empty().encoded(), "AAAA");

        assertThatThrownBy(() -> WireCodec.decode(damaged.getBytes(StandardCharsets.UTF_8), Assign.class))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("type=Assign")
                .hasMessageContaining("pruning map");
    }

    @Test
    void resultRoundTripsWithItsChildrenInOrder() {
        DeclaredChild triaged = new DeclaredChild(CHILD, 5, Coverage.of(new int[] {Coverage.tuple(7, 3), 9}),
                new DeclaredFinding(FindingKind.CRASH, 11, "stack:00ff"));
        Result result = new Result(WORK, TOKEN, RESULT, WORK,
                List.of(triaged, DeclaredChild.untriaged(WORK, 0)), 4,
                new Execution("command", "timeout", 9, true, 30_000, true), new DeclaredFinding(FindingKind.HANG, 0, "signal:9"), null);

        assertThat(WireCodec.decode(WireCodec.encode(result), Result.class)).isEqualTo(result);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // unknown field
        "{\"work\":\"%W\",\"token\":\"%T\",\"result\":\"%R\",\"epoch\":1,\"attempt\":1,\"extra\":1}",
        // missing field
        "{\"work\":\"%W\",\"token\":\"%T\",\"result\":\"%R\",\"epoch\":1}",
        // null
        "{\"work\":\"%W\",\"token\":null,\"result\":\"%R\",\"epoch\":1,\"attempt\":1}",
        // empty token
        "{\"work\":\"%W\",\"token\":\"\",\"result\":\"%R\",\"epoch\":1,\"attempt\":1}",
        // upper-case work id
        "{\"work\":\"%U\",\"token\":\"%T\",\"result\":\"%R\",\"epoch\":1,\"attempt\":1}",
        // epoch 0
        "{\"work\":\"%W\",\"token\":\"%T\",\"result\":\"%R\",\"epoch\":0,\"attempt\":1}",
        // attempt 0
        "{\"work\":\"%W\",\"token\":\"%T\",\"result\":\"%R\",\"epoch\":1,\"attempt\":0}",
        // wrong type
        "{\"work\":\"%W\",\"token\":\"%T\",\"result\":\"%R\",\"epoch\":\"1\",\"attempt\":1}",
        // fraction where an integer belongs
        "{\"work\":\"%W\",\"token\":\"%T\",\"result\":\"%R\",\"epoch\":1.5,\"attempt\":1}",
        // repeated field
        "{\"work\":\"%W\",\"token\":\"%T\",\"result\":\"%R\",\"epoch\":1,\"epoch\":2,\"attempt\":1}",
        // trailing tokens
        "{\"work\":\"%W\",\"token\":\"%T\",\"result\":\"%R\",\"epoch\":1,\"attempt\":1} {}",
    })
    void malformedAssignIsRejectedWhole(String template) {
        assertThatThrownBy(() -> WireCodec.decode(bytes(template), Assign.class))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("type=Assign");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // a child declared twice
        "\"children\":[{\"digest\":\"%C\",\"size\":1},{\"digest\":\"%C\",\"size\":1}],\"generated\":2",
        // more children than outputs
        "\"children\":[{\"digest\":\"%C\",\"size\":1}],\"generated\":0",
        // negative size
        "\"children\":[{\"digest\":\"%C\",\"size\":-1}],\"generated\":1",
        // child digest not a digest
        "\"children\":[{\"digest\":\"%C0\",\"size\":1}],\"generated\":1",
        // null child
        "\"children\":[null],\"generated\":1",
    })
    void resultWithInconsistentChildrenIsRejectedWhole(String children) {
        String template = "{\"work\":\"%W\",\"token\":\"%T\",\"result\":\"%R\",\"input\":\"%W\"," + children
                + ",\"execution\":{\"exitKind\":\"ok\",\"status\":0,\"signaled\":false,\"wallMillis\":1,"
                + "\"timedOut\":false}}";

        assertThatThrownBy(() -> WireCodec.decode(bytes(template), Result.class))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("type=Result");
    }

    @Test
    void resultWithMoreChildrenThanAnEntryHoldsIsRefused() {
        List<DeclaredChild> children = new ArrayList<>();
        for (int i = 0; i <= Result.MAX_CHILDREN; i++) {
            children.add(DeclaredChild.untriaged(Digest.parse(String.format("%064x", i)), 1));
        }

        assertThatThrownBy(() -> new Result(WORK, TOKEN, RESULT, WORK, children, children.size(), EXITED, null, null))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("more children than allowed");
    }

    @Test
    void executionStatusMustFitHowTheProcessEnded() {
        assertThat(new Execution("command", "crash", 11, true, 0, false).status()).isEqualTo(11);
        assertThatThrownBy(() -> new Execution("command", "crash", 0, true, 0, false)).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> new Execution("command", "ok", 256, false, 0, false)).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> new Execution("command", "ok", 0, false, -1, false)).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> new Execution("command", "OK", 0, false, 0, false)).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> new Execution("command", "", 0, false, 0, false)).isInstanceOf(InvalidInputException.class);
    }

    private static byte[] bytes(String template) {
        return template.replace("%W", WORK.hex()).replace("%U", WORK.hex().toUpperCase())
                .replace("%T", TOKEN.hex()).replace("%R", RESULT.hex()).replace("%C", CHILD.hex())
                .getBytes(StandardCharsets.UTF_8);
    }
}
