package io.frontier.worker.triage;

import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import io.frontier.worker.executor.ExitKind;
import java.util.Optional;

/**
 * The finding an execution shows without a coverage build: the target crashed or hung on an input
 * under the executor itself (or under the fuzzer that kept the input). Its signature is the
 * strongest that evidence allows: for a crash {@code stack:<hex>} from a sanitizer report in the
 * target's standard error, as {@link FindingSignature} reads one, else {@code signal:<n>}; for a
 * hang {@code timeout}. What a coverage build shows, when the campaign triages, comes
 * first; this is what makes every crash and hang a finding whether it triages or not. Stateless.
 */
public final class ObservedFinding {

    /** The signature of a hang whose run left nothing stronger. */
    public static final String TIMEOUT = "timeout";

    private ObservedFinding() {
    }

    /**
     * The finding of a run that ended as {@code kind} ({@code signal} ending it for a crash),
     * with {@code stderr} the tail of the target's standard error (empty if unknown); empty for
     * any end that is neither a crash nor a time-out.
     */
    public static Optional<DeclaredFinding> of(ExitKind kind, int signal, String stderr) {
        if (kind == ExitKind.CRASH && signal >= 1 && signal <= 127) {
            return Optional.of(new DeclaredFinding(FindingKind.CRASH, signal,
                    FindingSignature.stack(stderr).orElse("signal:" + signal)));
        }
        if (kind == ExitKind.TIMEOUT) {
            return Optional.of(new DeclaredFinding(FindingKind.HANG, 0, TIMEOUT));
        }
        return Optional.empty();
    }
}
