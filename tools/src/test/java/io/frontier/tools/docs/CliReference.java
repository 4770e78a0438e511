package io.frontier.tools.docs;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.tools.FrontierCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.asciidoctor.Asciidoctor;
import org.asciidoctor.Attributes;
import org.asciidoctor.Options;
import org.asciidoctor.SafeMode;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * The reference of the {@code frontier} command, generated from picocli's model of it
 * ({@link FrontierCommand#newCommandLine}): for every command and subcommand a Markdown page,
 * {@code docs/reference/cli/frontier-<command>.md}, and a man page, {@code man/frontier-<command>.adoc}
 * (picocli-codegen's {@link ManPageGenerator}) rendered to troff ({@code man/frontier-<command>.1},
 * Asciidoctor's man page backend), plus an index, {@code docs/reference/cli/README.md}.
 *
 * <p>Invariant: every page comes from the same model the command line parses with, so an option,
 * default or description exists in the reference exactly when {@code frontier --help} shows it.
 * Hidden options (fault injection) are left out, as {@code --help} leaves them out. Each troff page
 * names the SHA-256 of the AsciiDoc it was rendered from ({@link #MAN_SOURCE}), so a test can tell
 * a stale man page without starting Asciidoctor's Ruby runtime.
 */
final class CliReference {

    /** Where the reference lives, relative to the project root. */
    static final Path DIRECTORY = Path.of("docs", "reference", "cli");

    private static final String NOTICE = "<!-- Generated from the frontier command's picocli model by scripts/docs.sh;"
            + " do not edit. -->\n";

    private CliReference() {
    }

    /** The root command line, as {@code bin/frontier} builds it, with the version of this build and no runtime. */
    static CommandLine commandLine() {
        CommandLine root = FrontierCommand.newCommandLine(new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()));
        // The version line names the JVM that runs the generator; the reference names the build only.
        String version = root.getCommandSpec().version()[0];
        for (CommandLine command : commands(root)) {
            command.getCommandSpec().versionProvider(null).version(version);
        }
        return root;
    }

    /** {@code root} and every subcommand below it, depth first, in the order the help lists them. */
    static List<CommandLine> commands(CommandLine root) {
        List<CommandLine> all = new ArrayList<>();
        all.add(root);
        for (CommandLine sub : root.getSubcommands().values()) {
            if (!sub.getCommandSpec().usageMessage().hidden()) {
                all.addAll(commands(sub));
            }
        }
        return all;
    }

    /** The page name of a command: its qualified name with hyphens, e.g. {@code frontier-campaign-set}. */
    static String pageName(CommandSpec spec) {
        return spec.qualifiedName("-");
    }

    /** The line after the first of every troff page: the digest of the AsciiDoc it was rendered from. */
    static final String MAN_SOURCE = ".\\\" Rendered by scripts/docs.sh from AsciiDoc with SHA-256 ";

    /** The Markdown pages, the index and the AsciiDoc man page sources: everything but the troff pages. */
    static List<GeneratedFile> files() {
        List<CommandLine> commands = commands(commandLine());
        List<GeneratedFile> files = new ArrayList<>();
        files.add(new GeneratedFile(DIRECTORY.resolve("README.md"), index(commands)));
        for (CommandLine command : commands) {
            CommandSpec spec = command.getCommandSpec();
            files.add(new GeneratedFile(DIRECTORY.resolve(pageName(spec) + ".md"), markdown(spec)));
            files.add(new GeneratedFile(manPage(pageName(spec), ".adoc"), asciidoc(spec)));
        }
        return files;
    }

    /** Where the man page {@code name} (e.g. {@code frontier-run}) is kept with {@code suffix}. */
    static Path manPage(String name, String suffix) {
        return DIRECTORY.resolve("man").resolve(name + suffix);
    }

    /** The troff page of every AsciiDoc source among {@code sources}, each naming its source's digest. */
    static List<GeneratedFile> manPages(List<GeneratedFile> sources) {
        Map<Path, String> adoc = new LinkedHashMap<>();
        sources.stream().filter(file -> file.path().toString().endsWith(".adoc"))
                .forEach(file -> adoc.put(file.path(), file.content()));
        Map<Path, String> man = ManPages.render(adoc);
        List<GeneratedFile> pages = new ArrayList<>();
        man.forEach((source, troff) -> {
            String name = source.getFileName().toString().replace(".adoc", ".1");
            int firstLine = troff.indexOf('\n') + 1;
            pages.add(new GeneratedFile(source.resolveSibling(name), troff.substring(0, firstLine) + MAN_SOURCE
                    + sha256(adoc.get(source)) + "\n" + troff.substring(firstLine)));
        });
        return pages;
    }

    /** The hex SHA-256 of {@code text}'s UTF-8 bytes. */
    static String sha256(String text) {
        return ContentHasher.hash(text.getBytes(StandardCharsets.UTF_8)).digest().hex();
    }

    private static String index(List<CommandLine> commands) {
        StringBuilder page = new StringBuilder("# The frontier command\n\n").append(NOTICE).append('\n');
        page.append("Every command and subcommand of `frontier`, as `frontier COMMAND --help` shows it. Each page has a"
                + " man page beside it under [man/](man/) (`man -l docs/reference/cli/man/frontier-run.1`). All"
                + " commands share one list of [exit codes](../exit-codes.md).\n\n");
        page.append("| command | what it does |\n| --- | --- |\n");
        for (CommandLine command : commands) {
            CommandSpec spec = command.getCommandSpec();
            page.append("| [`").append(spec.qualifiedName()).append("`](").append(pageName(spec)).append(".md) | ")
                    .append(cell(header(spec))).append(" |\n");
        }
        return page.toString();
    }

    private static String markdown(CommandSpec spec) {
        StringBuilder page = new StringBuilder("# ").append(spec.qualifiedName()).append("\n\n").append(NOTICE).append('\n');
        page.append(prose(header(spec))).append("\n\n");
        Help help = new Help(spec, Help.defaultColorScheme(Ansi.OFF));
        page.append("```text\n").append(help.synopsis(0).stripTrailing()).append("\n```\n\n");
        String description = String.join(" ", spec.usageMessage().description()).trim();
        if (!description.isEmpty()) {
            page.append(prose(description)).append("\n\n");
        }
        List<PositionalParamSpec> positionals = spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
        if (!positionals.isEmpty()) {
            page.append("## Arguments\n\n| argument | description |\n| --- | --- |\n");
            for (PositionalParamSpec positional : positionals) {
                page.append("| `").append(positional.paramLabel()).append("` | ")
                        .append(cell(String.join(" ", positional.description()))).append(" |\n");
            }
            page.append('\n');
        }
        List<OptionSpec> options = spec.options().stream().filter(o -> !o.hidden())
                .sorted(Comparator.comparing(CliReference::sortKey)).toList();
        if (!options.isEmpty()) {
            page.append("## Options\n\n| option | description |\n| --- | --- |\n");
            for (OptionSpec option : options) {
                page.append("| ").append(optionLabel(option)).append(" | ")
                        .append(cell(String.join(" ", option.description()))).append(" |\n");
            }
            page.append('\n');
        }
        if (!spec.subcommands().isEmpty()) {
            page.append("## Commands\n\n| command | what it does |\n| --- | --- |\n");
            for (CommandLine sub : spec.subcommands().values()) {
                CommandSpec subSpec = sub.getCommandSpec();
                page.append("| [`").append(subSpec.qualifiedName()).append("`](").append(pageName(subSpec))
                        .append(".md) | ").append(cell(header(subSpec))).append(" |\n");
            }
            page.append('\n');
        }
        page.append("## Exit codes\n\nThe [exit codes](../exit-codes.md) of every `frontier` command.\n\n");
        page.append("Man page: [man/").append(pageName(spec)).append(".1](man/").append(pageName(spec)).append(".1)\n");
        return page.toString();
    }

    private static String asciidoc(CommandSpec spec) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            ManPageGenerator.writeSingleManPage(out, spec);
        }
        return text.toString().replace("\r\n", "\n");
    }

    private static String header(CommandSpec spec) {
        return String.join(" ", spec.usageMessage().header()).trim();
    }

    /** Options as the help sorts them: by their shortest name, without dashes, case-insensitively. */
    private static String sortKey(OptionSpec option) {
        return option.shortestName().replaceFirst("^-+", "").toLowerCase(Locale.ROOT);
    }

    private static String optionLabel(OptionSpec option) {
        List<String> names = new ArrayList<>();
        for (String name : option.names()) {
            String label = name;
            if (!option.typeInfo().isBoolean()) {
                label += "=" + option.paramLabel();
                if (!option.splitRegex().isEmpty()) {
                    label += "[" + option.splitRegexSynopsisLabel() + option.paramLabel() + "...]";
                }
            }
            names.add("`" + label + "`");
        }
        return String.join(", ", names);
    }

    /** Text for a table cell: prose, with the pipe escaped. */
    private static String cell(String text) {
        return prose(text).replace("|", "\\|");
    }

    /**
     * Text as Markdown prose: angle brackets outside code spans escaped (they would read as HTML),
     * whatever is between backticks left as it is.
     */
    static String prose(String text) {
        StringBuilder out = new StringBuilder();
        boolean code = false;
        for (char c : text.toCharArray()) {
            if (c == '`') {
                code = !code;
                out.append(c);
            } else if (!code && c == '<') {
                out.append("&lt;");
            } else if (!code && c == '>') {
                out.append("&gt;");
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Renders AsciiDoc man page sources to troff with Asciidoctor, one JRuby runtime for all of them. */
    static final class ManPages {

        private ManPages() {
        }

        static Map<Path, String> render(Map<Path, String> adoc) {
            Map<Path, String> man = new LinkedHashMap<>();
            try (Asciidoctor asciidoctor = Asciidoctor.Factory.create()) {
                Options options = Options.builder().backend("manpage").safe(SafeMode.SAFE).standalone(true)
                        .attributes(Attributes.builder().attribute("reproducible", "").build()).build();
                adoc.forEach((name, text) -> man.put(name, asciidoctor.convert(text, options)));
            }
            return man;
        }
    }
}
