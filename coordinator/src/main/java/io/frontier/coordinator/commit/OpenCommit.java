package io.frontier.coordinator.commit;

import io.frontier.store.campaign.CommittingEntry;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A commit decision the store has recorded and nobody has ended yet: the item, the result, where
 * its children are staged, the children in manifest order with the fate triage gave each, and
 * which of them are already marked promoted. Immutable.
 *
 * @param promoted the positions in {@code children} already marked promoted
 */
public record OpenCommit(Digest work, ResultId result, StageLocation stage, List<Child> children, Set<Integer> promoted) {

    public OpenCommit {
        if (work == null || result == null || stage == null || children == null || promoted == null) {
            throw new InvalidInputException("open commit lacks work, result, stage, children or marks");
        }
        children = List.copyOf(children);
        promoted = Set.copyOf(promoted);
        for (int index : promoted) {
            if (index < 0 || index >= children.size()) {
                throw new InvalidInputException("promotion mark outside the child list")
                        .with("work", work).with("child", index).with("children", children.size());
            }
        }
    }

    /**
     * A committing entry as replay lists it, with its marks.
     *
     * @throws io.frontier.store.corpus.InvalidStageLocationException if the entry's stage is not
     *     spelled as {@link CorpusLayout#stageName} spells it
     */
    public static OpenCommit of(CommittingEntry committing) {
        ManifestEntry entry = committing.entry();
        List<Integer> marked = new ArrayList<>();
        for (int i = 0; i < committing.children().size(); i++) {
            if (committing.promoted(i)) {
                marked.add(i);
            }
        }
        return new OpenCommit(entry.work(), entry.result(), CorpusLayout.parseStageName(entry.stage()),
                committing.children(), Set.copyOf(marked));
    }

    /**
     * Positions of the children still to be promoted, ascending: those the decision keeps
     * (frontier and findings) that are not yet marked. A redundant child is never promoted; its
     * staged bytes go with the stage.
     */
    public List<Integer> unpromoted() {
        List<Integer> open = new ArrayList<>();
        for (int i = 0; i < children.size(); i++) {
            if (children.get(i).fate().kept() && !promoted.contains(i)) {
                open.add(i);
            }
        }
        return open;
    }
}
