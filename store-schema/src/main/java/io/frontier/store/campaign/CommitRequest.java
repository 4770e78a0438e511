package io.frontier.store.campaign;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.record.ResultId;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.LeftOut;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A validated RESULT ready for the commit decision: the lease it was produced under, its id,
 * where its children are staged, and the children in declaration order (no digest twice, at
 * most {@link ManifestEntry#MAX_CHILDREN}) with what the worker saw when it ran each, what the
 * execution that produced it did, how the executed input itself crashed or hung (or null), and
 * the outputs of the execution that did not become children.
 */
public record CommitRequest(Lease lease, ResultId result, String stage, List<DeclaredChild> children,
                            Execution execution, DeclaredFinding finding, LeftOut leftOut) {

    public CommitRequest {
        if (lease == null || result == null || stage == null || stage.isEmpty() || children == null
                || execution == null || leftOut == null) {
            throw new InvalidInputException("commit request lacks lease, result, stage, children, execution or leftOut");
        }
        if (children.size() > ManifestEntry.MAX_CHILDREN) {
            throw new InvalidInputException("result declares more children than one entry may hold")
                    .with("children", children.size()).with("max", ManifestEntry.MAX_CHILDREN);
        }
        Set<Object> seen = new HashSet<>();
        for (DeclaredChild child : children) {
            if (child == null || !seen.add(child.digest())) {
                throw new InvalidInputException("result declares a child twice or a null child")
                        .with("result", result).with("child", child == null ? null : child.digest());
            }
        }
        children = List.copyOf(children);
    }

    /** A request whose execution left nothing out of its children. */
    public CommitRequest(Lease lease, ResultId result, String stage, List<DeclaredChild> children,
                         Execution execution, DeclaredFinding finding) {
        this(lease, result, stage, children, execution, finding, LeftOut.NONE);
    }
}
