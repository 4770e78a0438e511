package io.frontier.store.campaign;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;

/** Child number {@code child} of {@code work}'s committed {@code result} has been promoted. */
public record Promotion(Digest work, ResultId result, int child) {

    public Promotion {
        if (work == null || result == null || child < 0) {
            throw new InvalidInputException("promotion lacks work or result, or names a negative child")
                    .with("child", child);
        }
    }
}
