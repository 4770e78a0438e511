package io.frontier.tools;

import io.frontier.store.wire.ExitStatus;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The exit codes of every {@code frontier} command, as shared/DESIGN.md defines them. A job's
 * verdict travels between ranks as {@link ExitStatus}; this class adds the command line's own
 * usage code and is the one place the CLI names them.
 */
public final class ExitCodes {

    /** The campaign is quiescent and no worker result was invalid; or the command succeeded. */
    public static final int OK = ExitStatus.QUIESCENT.code();
    /** The campaign finished but some worker results were invalid. */
    public static final int INVALID_RESULTS = ExitStatus.INVALID_RESULTS.code();
    /** Bad usage or configuration: wrong arguments, a missing installation, a failed check. */
    public static final int USAGE = 2;
    /**
     * A control failure: a corrupt corpus object, a damaged store file, a store operation whose
     * outcome stayed unknown, or an unrecoverable protocol state.
     */
    public static final int CONTROL_FAILURE = ExitStatus.CONTROL_FAILURE.code();
    /**
     * The job was ended at once by a second stop signal (SIGINT or SIGTERM) to its launcher;
     * the shell's code for a command ended by SIGINT. {@code frontier resume} replays it.
     */
    public static final int ENDED_AT_ONCE = 130;

    /**
     * What every command's help lists under "Exit codes:", in order: each code and its meaning.
     * The exit-code reference in the documentation is generated from it.
     */
    public static Map<String, String> helpSection() {
        Map<String, String> section = new LinkedHashMap<>();
        section.put(Integer.toString(OK), "ok (campaign quiescent, nothing invalid)");
        section.put(Integer.toString(INVALID_RESULTS), "finished, but some worker results were invalid");
        section.put(Integer.toString(USAGE), "usage or configuration error");
        section.put(Integer.toString(CONTROL_FAILURE), "control failure (corrupt or missing corpus object, damaged store, store outcome unknown, unrecoverable protocol state)");
        section.put(Integer.toString(ENDED_AT_ONCE), "run/resume: the job was ended at once by a second stop signal");
        return section;
    }

    private ExitCodes() {
    }
}
