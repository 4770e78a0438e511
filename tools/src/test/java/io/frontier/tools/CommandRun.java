package io.frontier.tools;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the frontier command in this JVM and keeps what it printed. */
record CommandRun(int exitCode, String out, String err) {

    static CommandRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = FrontierCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true))
                .execute(args);
        return new CommandRun(exitCode, out.toString(), err.toString());
    }
}
