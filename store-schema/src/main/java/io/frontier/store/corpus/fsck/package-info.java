/**
 * The corpus check ({@code frontier corpus fsck}): every entry of an object directory verified
 * against its name, bad ones listed.
 *
 * <p>Rule: a check only reads. It never repairs, renames or deletes, so it is safe to run while a
 * campaign publishes into the same directory; what to do with a finding is an operator's call.
 * It streams the directory and each object, so memory does not grow with the corpus (only with
 * the number of findings).
 */
package io.frontier.store.corpus.fsck;
