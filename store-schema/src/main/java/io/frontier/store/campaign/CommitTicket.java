package io.frontier.store.campaign;

import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ManifestEntry;
import java.util.List;

/**
 * The commit decision as stored: the manifest entry and its children, numbered for promotion
 * marks by their position. {@code repeated} is true when this call found the decision already
 * taken by an earlier call with the same token and result.
 */
public record CommitTicket(ManifestEntry entry, List<Child> children, boolean repeated) {

    public CommitTicket {
        children = List.copyOf(children);
    }
}
