/**
 * The documentation that is generated from the code, and the checks that keep the hand-written
 * documentation honest: the CLI reference (Markdown, AsciiDoc and man pages, all from picocli's
 * model of the {@code frontier} command), the exit-code table (from {@link io.frontier.tools.ExitCodes}),
 * the benchmark result tables (from the results files the benchmarks append to), the JSON examples
 * (decoded with the project's own strict decoders), the relative links, and the README's limits.
 *
 * <p>Rule: a generated file or region is never edited by hand. {@link io.frontier.tools.docs.GenerateDocs}
 * (run by {@code scripts/docs.sh}) writes all of them; a test fails, naming the file and that
 * command, whenever a checked-in one differs from what it would write.
 */
package io.frontier.tools.docs;
