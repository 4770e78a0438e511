package io.frontier.store.kv.fdb;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.FDBException;
import io.frontier.store.error.StaleEpochException;
import io.frontier.store.kv.StoreException;
import io.frontier.store.kv.TransactionOutcomeUnknownException;
import io.frontier.store.kv.TransactionTimeoutException;
import org.junit.jupiter.api.Test;

/** Which ends of a FoundationDB call say "nothing was committed" and which "outcome unknown". */
class CommitDoubtTest {

    private static final String STORE = "fdb:/test.cluster";

    @Test
    void storeFailureAfterAMaybeCommittedCommitBecomesOutcomeUnknown() {
        CommitDoubt doubt = new CommitDoubt();
        doubt.commitFailed(new FDBException("commit_unknown_result", 1021), true);
        StoreException retryLimit = new StoreException("transaction retry limit reached");

        RuntimeException end = doubt.ending(retryLimit, STORE, 100);

        assertThat(end).isInstanceOf(TransactionOutcomeUnknownException.class)
                .hasCause(retryLimit)
                .hasMessageContaining("executions=100")
                .hasMessageContaining("inDoubtSince=FoundationDB error 1021");
    }

    @Test
    void commitCancelledByTheTimeoutLeavesTheOutcomeUnknown() {
        CommitDoubt doubt = new CommitDoubt();
        doubt.commitFailed(new FDBException("transaction_timed_out", CommitDoubt.TRANSACTION_TIMED_OUT), false);
        TransactionTimeoutException timedOut = new TransactionTimeoutException("transaction did not finish before its deadline");

        assertThat(doubt.ending(timedOut, STORE, 1)).isInstanceOf(TransactionOutcomeUnknownException.class);
    }

    @Test
    void commitWhoseWaitWasGivenUpLeavesTheOutcomeUnknown() {
        CommitDoubt doubt = new CommitDoubt();
        TransactionTimeoutException unanswered = new TransactionTimeoutException("FoundationDB did not answer a commit");
        doubt.commitUnanswered(unanswered);

        assertThat(doubt.ending(unanswered, STORE, 1)).isInstanceOf(TransactionOutcomeUnknownException.class);
    }

    @Test
    void commitThatCertainlyFailedLeavesNoDoubt() {
        CommitDoubt doubt = new CommitDoubt();
        doubt.commitFailed(new FDBException("not_committed", 1020), false);
        StoreException retryLimit = new StoreException("transaction retry limit reached");

        assertThat(doubt.inDoubt()).isFalse();
        assertThat(doubt.ending(retryLimit, STORE, 100)).isSameAs(retryLimit);
    }

    @Test
    void bodysOwnExceptionPassesUnchangedEvenInDoubt() {
        CommitDoubt doubt = new CommitDoubt();
        doubt.commitFailed(new FDBException("commit_unknown_result", 1021), true);
        StaleEpochException refused = new StaleEpochException("epoch moved");

        assertThat(doubt.ending(refused, STORE, 2)).isSameAs(refused);
    }
}
