package io.frontier.store.campaign;

import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ManifestEntry;
import java.util.List;

/**
 * The commit decision as stored: the manifest entry and its children, numbered for promotion
 * marks by their position. {@code repeated} is true when this call found the decision already
 * taken by an earlier call with the same token and result.
 *
 * @param completion how the entry ended, when it ended in the decision's own transaction (a
 *     decision that keeps no child, taken by a caller that asked for that, or an earlier one
 *     found so ended); null while it is committing and waits for its promotions and completion
 */
public record CommitTicket(ManifestEntry entry, List<Child> children, boolean repeated, Completion completion) {

    public CommitTicket {
        children = List.copyOf(children);
    }

    /** A decision that leaves its entry committing. */
    public CommitTicket(ManifestEntry entry, List<Child> children, boolean repeated) {
        this(entry, children, repeated, null);
    }

    /** True if the entry ended in the decision's transaction: nothing is left to promote or complete. */
    public boolean completed() {
        return completion != null;
    }
}
