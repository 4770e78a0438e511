package io.frontier.tools;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** The {@code --json} option every read command mixes in: machine output instead of text. */
public final class JsonOption {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    @Option(names = "--json", description = "Print the result as JSON on standard output, and no progress.")
    boolean json;

    public boolean enabled() {
        return json;
    }

    /** Writes {@code value} (a record) as indented JSON followed by a newline. */
    public static void print(PrintWriter out, Object value) {
        try {
            out.println(MAPPER.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a declared output record did not serialise: " + value.getClass(), e);
        }
        out.flush();
    }
}
