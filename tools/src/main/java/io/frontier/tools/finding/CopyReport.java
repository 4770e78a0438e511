package io.frontier.tools.finding;

/**
 * What a copy of the findings' inputs did.
 *
 * @param directory where the inputs are, as {@code <directory>/<signature>/<digest>}
 * @param copied inputs copied from the corpus in this run
 * @param present inputs that an earlier copy had left there already, with the right bytes
 */
public record CopyReport(String directory, long copied, long present) {
}
