/**
 * The corpus check ({@code frontier corpus fsck}, and the audit at the start of every job), in
 * two directions: every entry of an object directory verified against its name, bad ones
 * listed ({@link io.frontier.store.corpus.fsck.CorpusCheck}); and every object the campaign
 * store requires looked up, missing ones listed with the record that requires them
 * ({@link io.frontier.store.corpus.fsck.ReferenceCheck}).
 *
 * <p>Rule: a check only reads. It never repairs, renames or deletes, and reads the store only
 * through snapshot views, so it is safe to run while a campaign publishes into the same
 * directory; what to do with a finding is an operator's call. It streams the directory, each
 * object and the store's records page by page, so memory does not grow with the corpus or the
 * campaign (only with the number of findings).
 */
package io.frontier.store.corpus.fsck;
