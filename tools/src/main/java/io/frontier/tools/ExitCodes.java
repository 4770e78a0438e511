package io.frontier.tools;

import io.frontier.store.wire.ExitStatus;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The exit codes of every {@code frontier} command, one per meaning, as shared/DESIGN.md defines
 * them plus the one for a job that stopped early and can be resumed. A job's verdict travels
 * between ranks as {@link ExitStatus}; this class adds the command line's own codes and is the
 * one place the CLI names them. {@link FrontierCommand} maps exceptions to them and lists them in
 * every command's help.
 */
public final class ExitCodes {

    /** The campaign is quiescent and no worker result was invalid; or the command succeeded. */
    public static final int OK = ExitStatus.QUIESCENT.code();
    /** The campaign reached quiescence but some worker results were invalid. */
    public static final int INVALID_RESULTS = ExitStatus.INVALID_RESULTS.code();
    /**
     * Bad usage or configuration: wrong arguments or option values, files that do not fit
     * together (a store of another campaign, a file that is not a Frontier store), a missing
     * installation, a failed check. Nothing was changed.
     */
    public static final int USAGE = 2;
    /**
     * A control failure: the campaign's own data is damaged or missing (a corrupt or missing
     * corpus object, a damaged or missing store file, an unreadable store record), a store
     * operation whose outcome stayed unknown, an unrecoverable protocol state, or a job that
     * lost a rank.
     */
    public static final int CONTROL_FAILURE = ExitStatus.CONTROL_FAILURE.code();
    /**
     * {@code run}, {@code resume}: the job stopped before quiescence and {@code frontier resume}
     * carries on: it drained at a budget, on a stop signal or {@code frontier stop}, or it was
     * killed at {@code --max-time}. EX_TEMPFAIL of sysexits.h; a batch script loops on it.
     */
    public static final int STOPPED = ExitStatus.STOPPED.code();
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
        section.put(Integer.toString(OK), "ok (command succeeded; a job ended quiescent, nothing invalid)");
        section.put(Integer.toString(INVALID_RESULTS), "a job ended quiescent, but some worker results were invalid");
        section.put(Integer.toString(USAGE), "usage or configuration error (nothing was changed)");
        section.put(Integer.toString(CONTROL_FAILURE), "control failure (campaign data damaged or missing: corpus"
                + " object, store file, store record; store outcome unknown; a job lost a rank)");
        section.put(Integer.toString(STOPPED), "run/resume: the job stopped early (budget, stop signal, frontier stop,"
                + " --max-time); frontier resume carries on");
        section.put(Integer.toString(ENDED_AT_ONCE), "run/resume: the job was ended at once by a second stop signal");
        return section;
    }

    private ExitCodes() {
    }
}
