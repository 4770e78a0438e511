package io.frontier.tools.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.tools.ExitCodes;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/** docs/reference/exit-codes.md shows the exit codes ExitCodes defines, and no others. */
class ExitCodeTableTest {

    @Test
    void everyExitCodeConstantHasARowWithItsHelpText() throws IllegalAccessException {
        String table = ExitCodeTable.table();

        for (Field field : ExitCodes.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
                int code = field.getInt(null);
                assertThat(table).contains("| " + code + " | ", "`ExitCodes." + field.getName() + "`",
                        ExitCodes.helpSection().get(Integer.toString(code)));
            }
        }
    }

    @Test
    void checkedInExitCodeTableIsWhatExitCodesDefines() {
        Staleness.assertCurrent(ProjectTree.root(), ExitCodeTable.page(ProjectTree.root()));
    }
}
