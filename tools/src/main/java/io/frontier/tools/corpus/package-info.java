/**
 * {@code frontier corpus}: checks of a campaign's public corpus on the shared filesystem.
 *
 * <p>Rule: a check only reads; it never repairs, renames or deletes, so it is safe while a job
 * publishes into the same directory. What to do with a finding is an operator's call.
 */
package io.frontier.tools.corpus;
