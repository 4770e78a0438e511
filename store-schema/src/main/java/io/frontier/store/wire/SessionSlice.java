package io.frontier.store.wire;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.session.FeedInput;
import java.util.List;
import java.util.Objects;

/**
 * What an ASSIGN of a fuzzing session's work item asks of the worker: fuzz for {@code millis},
 * then stop the fuzzer and declare what it found since the last slice as this result's children.
 *
 * <p>{@code fresh} starts a new fuzzer instance for the session from {@code seeds} (the campaign's
 * feed from its start), ending any instance the worker held; otherwise the worker's instance of
 * this session goes on where it stopped. Either way {@code imports}, the feed's inputs since the
 * instance's last slice, are handed to the fuzzer's own import before it resumes. Every input
 * named here is a corpus object, which the worker copies and verifies as it does an input.
 *
 * @param slot the session's slot, for the worker's diagnostics
 */
public record SessionSlice(int slot, long millis, boolean fresh, List<FeedInput> seeds, List<FeedInput> imports) {

    /**
     * The exit kind of a slice's execution when the fuzzer is still running at the slice's end;
     * any other exit kind says how the fuzzer ended, and its next slice starts a new instance.
     */
    public static final String FUZZER_RUNNING = "ok";

    /** Inputs one slice may name, seeds and imports together. */
    public static final int MAX_INPUTS = 4096;

    public SessionSlice {
        if (slot < 0 || millis < 1) {
            throw new InvalidInputException("session slice slot negative or length below 1 ms")
                    .with("slot", slot).with("millis", millis);
        }
        if (seeds == null || imports == null || seeds.stream().anyMatch(Objects::isNull)
                || imports.stream().anyMatch(Objects::isNull) || seeds.size() + imports.size() > MAX_INPUTS) {
            throw new InvalidInputException("session slice names a null input or more inputs than allowed")
                    .with("max", MAX_INPUTS);
        }
        if (fresh == seeds.isEmpty()) {
            throw new InvalidInputException("a fresh session slice needs seeds, and only a fresh one has any")
                    .with("fresh", fresh).with("seeds", seeds.size());
        }
        seeds = List.copyOf(seeds);
        imports = List.copyOf(imports);
    }
}
