package io.frontier.tools.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The CLI reference under docs/reference/cli/ is generated from the command's picocli model and current. */
class CliReferenceTest {

    private static Path root;
    private static List<GeneratedFile> generated;

    @BeforeAll
    static void generate() {
        root = ProjectTree.root();
        generated = CliReference.files();
    }

    @Test
    void everyCommandAndSubcommandHasAMarkdownPageAndAManPage() {
        List<Path> paths = generated.stream().map(GeneratedFile::path).toList();
        List<CommandLine> commands = CliReference.commands(CliReference.commandLine());

        assertThat(commands).extracting(command -> command.getCommandSpec().qualifiedName())
                .contains("frontier", "frontier run", "frontier resume", "frontier rank", "frontier campaign show",
                        "frontier manifest verify", "frontier corpus fsck", "frontier mpi check");
        for (CommandLine command : commands) {
            String page = CliReference.pageName(command.getCommandSpec());
            assertThat(paths).contains(CliReference.DIRECTORY.resolve(page + ".md"), CliReference.manPage(page, ".adoc"));
            assertThat(root.resolve(CliReference.manPage(page, ".1"))).isRegularFile();
        }
    }

    @Test
    void everyVisibleOptionOfACommandIsOnItsPageAndNoHiddenOneIs() {
        for (CommandLine command : CliReference.commands(CliReference.commandLine())) {
            CommandSpec spec = command.getCommandSpec();
            String page = content(CliReference.DIRECTORY.resolve(CliReference.pageName(spec) + ".md"));
            for (OptionSpec option : spec.options()) {
                if (option.hidden()) {
                    assertThat(page).as(spec.qualifiedName()).doesNotContain("`" + option.longestName());
                } else {
                    assertThat(page).as(spec.qualifiedName()).contains("`" + option.longestName());
                }
            }
        }
    }

    @Test
    void everyManPageIsTroffRenderedFromTheCurrentAsciiDocOfItsCommand() {
        for (GeneratedFile source : generated) {
            if (!source.path().toString().endsWith(".adoc")) {
                continue;
            }
            Path troff = source.path().resolveSibling(source.path().getFileName().toString().replace(".adoc", ".1"));
            assertThat(root.resolve(troff)).as("%s is missing: run %s", troff, ProjectTree.REGENERATE).isRegularFile();
            String man = ProjectTree.read(root.resolve(troff));
            String name = troff.getFileName().toString().replace(".1", "").toUpperCase(Locale.ROOT)
                    .replace("-", "\\-");

            assertThat(man).startsWith("'\\\" t\n" + CliReference.MAN_SOURCE).contains(".TH \"" + name + "\" \"1\"");
            assertThat(man.lines().skip(1).findFirst().orElseThrow())
                    .as("%s was rendered from another AsciiDoc than the code generates now: run %s", troff,
                            ProjectTree.REGENERATE)
                    .isEqualTo(CliReference.MAN_SOURCE + CliReference.sha256(source.content()));
        }
    }

    @Test
    void checkedInCliReferenceIsWhatTheCodeGenerates() {
        generated.forEach(file -> Staleness.assertCurrent(root, file));
        List<Path> expected = new ArrayList<>(generated.stream().map(GeneratedFile::path).toList());
        generated.stream().filter(file -> file.path().toString().endsWith(".adoc")).forEach(file -> expected.add(
                file.path().resolveSibling(file.path().getFileName().toString().replace(".adoc", ".1"))));
        assertThat(ProjectTree.filesUnder(root, CliReference.DIRECTORY))
                .as("files under %s that no command generates any more: run %s", CliReference.DIRECTORY,
                        ProjectTree.REGENERATE)
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    private static String content(Path path) {
        return generated.stream().filter(file -> file.path().equals(path)).findFirst().orElseThrow().content();
    }
}
