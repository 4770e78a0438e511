package io.frontier.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/** Runs the frontier command in this JVM and keeps what it printed. */
public record CommandRun(int exitCode, String out, String err) {

    public static CommandRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = FrontierCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true))
                .execute(args);
        return new CommandRun(exitCode, out.toString(), err.toString());
    }

    /** Standard output parsed as one JSON document. */
    public JsonNode json() {
        try {
            return new ObjectMapper().readTree(out);
        } catch (IOException e) {
            throw new UncheckedIOException("standard output is not JSON: " + out + "\nstderr: " + err, e);
        }
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
