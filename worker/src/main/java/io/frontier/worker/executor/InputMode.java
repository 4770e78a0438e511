package io.frontier.worker.executor;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How a target receives its input. */
public enum InputMode {
    /** As a path: the argument template must contain {@code {input}}. */
    @JsonProperty("file")
    FILE,
    /** On standard input, read by the child straight from the file; {@code {input}} is not allowed. */
    @JsonProperty("stdin")
    STDIN
}
