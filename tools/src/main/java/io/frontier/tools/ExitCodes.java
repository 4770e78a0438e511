package io.frontier.tools;

import java.util.LinkedHashMap;
import java.util.Map;

/** The exit codes of every {@code frontier} command, as shared/DESIGN.md defines them. */
public final class ExitCodes {

    /** The campaign is quiescent and no worker result was invalid; or the command succeeded. */
    public static final int OK = 0;
    /** The campaign finished but some worker results were invalid. */
    public static final int INVALID_RESULTS = 1;
    /** Bad usage or configuration: wrong arguments, a missing installation, a failed check. */
    public static final int USAGE = 2;
    /** A control failure: a corrupt corpus object or an unrecoverable protocol state. */
    public static final int CONTROL_FAILURE = 70;

    /** What every command's help lists under "Exit codes:", in order. */
    static Map<String, String> helpSection() {
        Map<String, String> section = new LinkedHashMap<>();
        section.put(Integer.toString(OK), "ok (campaign quiescent, nothing invalid)");
        section.put(Integer.toString(INVALID_RESULTS), "finished, but some worker results were invalid");
        section.put(Integer.toString(USAGE), "usage or configuration error");
        section.put(Integer.toString(CONTROL_FAILURE), "control failure (corrupt corpus object, unrecoverable protocol state)");
        return section;
    }

    private ExitCodes() {
    }
}
