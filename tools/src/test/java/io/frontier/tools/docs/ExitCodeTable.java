package io.frontier.tools.docs;

import io.frontier.tools.ExitCodes;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The table of exit codes in {@code docs/reference/exit-codes.md}, generated from the one class
 * that defines them: each code, the constant that names it in {@link ExitCodes}, and the meaning
 * every command's {@code --help} lists for it.
 */
final class ExitCodeTable {

    /** The page that holds the table, relative to the project root. */
    static final Path PAGE = Path.of("docs", "reference", "exit-codes.md");
    /** The generated region of that page. */
    static final String REGION = "exit-codes";

    private ExitCodeTable() {
    }

    /** The page with its table as the code defines it now. */
    static GeneratedFile page(Path root) {
        String page = ProjectTree.read(root.resolve(PAGE));
        return new GeneratedFile(PAGE, GeneratedRegion.replace(page, REGION, table()));
    }

    /** The table: one row per code of {@link ExitCodes#helpSection()}, in its order. */
    static String table() {
        StringBuilder table = new StringBuilder("| code | name in the code | meaning |\n| --- | --- | --- |\n");
        for (Map.Entry<String, String> code : ExitCodes.helpSection().entrySet()) {
            table.append("| ").append(code.getKey()).append(" | ")
                    .append(String.join(", ", constants(Integer.parseInt(code.getKey()))))
                    .append(" | ").append(code.getValue().replace("|", "\\|")).append(" |\n");
        }
        return table.toString();
    }

    /** The public constants of {@link ExitCodes} whose value is {@code code}, each in backticks. */
    static List<String> constants(int code) {
        List<String> names = new ArrayList<>();
        for (Field field : ExitCodes.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
                try {
                    if (field.getInt(null) == code) {
                        names.add("`ExitCodes." + field.getName() + "`");
                    }
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return names;
    }
}
