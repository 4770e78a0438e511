package io.frontier.store.campaign;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;

/** A commit decision named by its item and result: what completion and abandonment act on. */
public record Commitment(Digest work, ResultId result) {

    public Commitment {
        if (work == null || result == null) {
            throw new InvalidInputException("commitment lacks work or result");
        }
    }
}
