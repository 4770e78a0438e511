/**
 * The {@code frontier} command line: nouns with verbs under them, data on standard output,
 * diagnostics on standard error, {@code --json} for scripts.
 *
 * <p>Rule: exit codes are named in {@link io.frontier.tools.ExitCodes} and chosen from
 * exceptions in one place, {@link io.frontier.tools.FrontierCommand#newCommandLine}.
 */
package io.frontier.tools;
