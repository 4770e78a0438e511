/**
 * {@code frontier replay}: replay without a job, for an operator who wants the commits of
 * earlier epochs finished (for instance after repairing the corpus that stopped a job's replay)
 * without starting ranks.
 *
 * <p>Rule: replay never moves the epoch and never touches an entry of the current epoch, whose
 * committer may be alive; it runs only when the current epoch's job is known to have ended, or
 * when the operator says so with {@code --force}. Fencing a job that may be alive is
 * {@code frontier resume}'s work.
 */
package io.frontier.tools.replay;
