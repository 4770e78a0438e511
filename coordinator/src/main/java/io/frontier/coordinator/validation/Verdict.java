package io.frontier.coordinator.validation;

import io.frontier.store.wire.Result;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** What validation decided about one RESULT. */
public sealed interface Verdict permits Verdict.Valid, Verdict.Invalid {

    /** The result answers its assignment and its stage holds exactly its children, intact. */
    record Valid(Result result) implements Verdict {

        public Valid {
            Objects.requireNonNull(result, "result");
        }
    }

    /**
     * The result must not be committed.
     *
     * @param reason a fixed message
     * @param context what was expected and what was found, e.g. {@code expectedToken},
     *     {@code presentedToken}, or the stage problems
     */
    record Invalid(InvalidKind kind, String reason, Map<String, String> context) implements Verdict {

        public Invalid {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(reason, "reason");
            context = Collections.unmodifiableMap(new LinkedHashMap<>(context));
        }
    }
}
