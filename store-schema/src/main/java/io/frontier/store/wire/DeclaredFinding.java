package io.frontier.store.wire;

import io.frontier.store.error.InvalidInputException;
import java.util.regex.Pattern;

/**
 * An input that made the target crash or hang, as the worker observed it when it ran the input
 * once more on its own.
 *
 * @param kind crash or hang
 * @param signal the signal that ended the target (1 to 127) for a crash, 0 for a hang
 * @param signature what groups duplicates of one bug: {@code stack:<hex>} from the top frames
 *     of a sanitizer report, else {@code edges:<hex>} from the edges the run reached, else
 *     {@code signal:<n>}; 1 to 80 characters of {@code [a-z0-9:_-]}
 */
public record DeclaredFinding(FindingKind kind, int signal, String signature) {

    private static final Pattern SIGNATURE = Pattern.compile("[a-z0-9:_-]{1,80}");
    private static final int MAX_SIGNAL = 127;

    public DeclaredFinding {
        if (kind == null || signature == null || !SIGNATURE.matcher(signature).matches()) {
            throw new InvalidInputException("finding lacks its kind or has a malformed signature")
                    .with("kind", kind).with("signature", signature);
        }
        boolean signalInRange = kind == FindingKind.CRASH ? signal >= 1 && signal <= MAX_SIGNAL : signal == 0;
        if (!signalInRange) {
            throw new InvalidInputException("finding signal out of range for its kind")
                    .with("kind", kind.wireName()).with("signal", signal);
        }
    }
}
