package io.frontier.store.corpus.stage;

import io.frontier.store.corpus.Digest;
import java.util.List;

/**
 * What a promotion did: every declared child is now durably in the public corpus, either
 * renamed there by this call or found there already (and verified).
 */
public record Promotion(List<Digest> renamed, List<Digest> alreadyPresent) {

    public Promotion {
        renamed = List.copyOf(renamed);
        alreadyPresent = List.copyOf(alreadyPresent);
    }
}
