package io.frontier.store.wire;

import java.util.regex.Pattern;

/**
 * The words that name a kind of executor wherever one is stored or sent: in an ASSIGN, an
 * execution's figures, a work record's origin, the exploration policy and the per-executor
 * counters. One rule for all of them, so a kind that one place accepts every other place accepts
 * too. Stateless.
 */
public final class ExecutorKind {

    /** SymCC: a concolic run that writes new inputs and keeps a pruning map. */
    public static final String SYMCC = "symcc";
    /** AFL++: a fuzzing run of a length of its own. */
    public static final String AFL = "afl";
    /** AFL++ as a long-lived fuzzing session, harvested at checkpoints and fed the campaign's new inputs. */
    public static final String AFL_SESSION = "afl_session";

    private static final Pattern WELL_FORMED = Pattern.compile("[a-z][a-z_]{0,31}");

    private ExecutorKind() {
    }

    /** Whether {@code kind} is 1 to 32 characters of {@code [a-z_]} starting with a letter. */
    public static boolean isWellFormed(String kind) {
        return kind != null && WELL_FORMED.matcher(kind).matches();
    }
}
