package io.frontier.tools.finding;

import io.frontier.store.record.FindingRecord;
import io.frontier.store.view.FindingGroup;
import io.frontier.store.view.Findings;
import io.frontier.tools.BlockedEntry;
import io.frontier.tools.HumanFormat;
import java.util.List;

/**
 * What {@code frontier findings} prints with {@code --json}.
 *
 * @param count inputs recorded as findings, over all signatures
 * @param signatures distinct signatures: most likely, distinct bugs
 * @param groups one per signature, in signature order
 * @param blocked finding entries that cannot be read
 * @param copy what {@code --copy-to} did, or null without it
 */
public record FindingListing(long count, int signatures, List<Group> groups, List<BlockedEntry> blocked,
                             CopyReport copy) {

    /**
     * The inputs of one signature.
     *
     * @param kind {@code crash} or {@code hang}, of the first input found
     * @param signal the signal that ended the target for the first input found; 0 for a hang
     * @param firstFoundAt when the first input was recorded, as an ISO-8601 UTC instant
     * @param inputs in the order they were found
     */
    public record Group(String signature, String kind, int signal, String firstFoundAt, int count,
                       List<Input> inputs) {
    }

    /**
     * One input recorded as a finding.
     *
     * @param input its digest: its name in the corpus
     * @param executor the executor whose execution found it
     * @param work the work item whose execution found it
     * @param result the result that declared it
     * @param epoch the epoch of that result's commit decision
     * @param foundAt when the commit decision recorded it, as an ISO-8601 UTC instant
     */
    public record Input(String input, String executor, String work, String result, long epoch, String foundAt) {
    }

    static FindingListing of(Findings findings, CopyReport copy) {
        List<Group> groups = findings.groups().stream().map(FindingListing::group).toList();
        return new FindingListing(findings.count(), groups.size(), groups,
                findings.blocked().stream().map(BlockedEntry::of).toList(), copy);
    }

    private static Group group(FindingGroup group) {
        return new Group(group.signature(), group.kind().wireName(), group.signal(),
                HumanFormat.instant(group.firstFoundAt()), group.count(),
                group.inputs().stream().map(FindingListing::input).toList());
    }

    private static Input input(FindingRecord record) {
        return new Input(record.input().hex(), record.executor(), record.work().hex(), record.result().hex(),
                record.epoch(), HumanFormat.instant(record.foundAt()));
    }
}
