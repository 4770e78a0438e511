package io.frontier.tools.manifest;

import io.frontier.store.error.FrontierException;
import io.frontier.store.record.ResultId;
import io.frontier.store.view.EntryId;
import io.frontier.store.view.ManifestRecord;
import io.frontier.store.view.ManifestView;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How a command names one manifest entry: by its entry id (24 hexadecimal characters, as
 * listings show it) or by its result id (32, as stage directories and logs show it).
 */
final class EntryArgument {

    private EntryArgument() {
    }

    /** The entry {@code text} names, or a failure naming the campaign and what was asked. */
    static ManifestRecord find(ManifestView manifest, String text, Path campaign) {
        Optional<ManifestRecord> found;
        if (EntryId.isSpelling(text)) {
            found = manifest.entry(EntryId.parse(text));
        } else if (text != null && text.length() == 32) {
            found = manifest.entry(ResultId.of(text));
        } else {
            throw new FrontierException("entry must be an entry id (24 hexadecimal characters) or a result id (32)")
                    .with("entry", text);
        }
        return found.orElseThrow(() -> new FrontierException("manifest has no such entry")
                .with("entry", text).with("campaign", campaign.toAbsolutePath().normalize()));
    }
}
