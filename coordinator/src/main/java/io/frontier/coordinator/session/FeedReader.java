package io.frontier.coordinator.session;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.session.FeedEntry;
import io.frontier.store.session.FeedInput;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the campaign's feed in pages of whole entries: what a session's fuzzer has not been
 * handed yet. Stateless apart from the store; snapshot reads only.
 */
final class FeedReader {

    /** Entries one store read returns at most: each holds up to {@link FeedEntry#MAX_INPUTS} inputs. */
    private static final int ENTRIES_PER_READ = 64;

    private final CampaignStore store;

    FeedReader(CampaignStore store) {
        this.store = store;
    }

    /**
     * The inputs of the entries after {@code after} (null: from the feed's start), whole entries
     * only, as many as fit in {@code limit} inputs but at least one entry if any is there, and the
     * position of the last entry taken ({@code after} if none was).
     */
    Page read(FeedEntry.Position after, int limit) {
        List<FeedInput> inputs = new ArrayList<>();
        FeedEntry.Position last = after;
        while (true) {
            List<FeedEntry.Read> entries = store.feed(last, ENTRIES_PER_READ);
            for (FeedEntry.Read read : entries) {
                if (!inputs.isEmpty() && inputs.size() + read.entry().inputs().size() > limit) {
                    return new Page(inputs, last);
                }
                inputs.addAll(read.entry().inputs());
                last = read.position();
            }
            if (entries.size() < ENTRIES_PER_READ || inputs.size() >= limit) {
                return new Page(inputs, last);
            }
        }
    }

    /** Inputs read from the feed, and the position after which the next read starts. */
    record Page(List<FeedInput> inputs, FeedEntry.Position last) {

        Page {
            inputs = List.copyOf(inputs);
        }
    }
}
