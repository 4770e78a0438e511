package io.frontier.worker.triage;

import io.frontier.store.coverage.Coverage;
import io.frontier.store.wire.DeclaredFinding;

/**
 * What one run of one input on the coverage build showed.
 *
 * @param coverage the tuples the run reached (up to the crash or the time-out for a finding)
 * @param finding  how the input made the target crash or hang, or null if it did neither
 */
public record Triage(Coverage coverage, DeclaredFinding finding) {

    public Triage {
        if (coverage == null) {
            throw new TriageException("triage lacks its coverage");
        }
    }
}
