package io.frontier.worker.executor;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.frontier.store.wire.ExecutorKind;
import io.frontier.worker.executor.process.ResourceLimits;
import java.util.Map;

/**
 * How a campaign runs its target, as stored in the campaign configuration: JSON with a
 * {@code "type"} of {@code "symcc"}, {@code "afl"}, {@code "afl_session"} or {@code "command"}. Records validate their shape when
 * constructed (also by Jackson), so a bad configuration fails when it is read; whether the
 * program exists is checked when an executor is created from it, on the machine that runs it.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = SymccConfig.class, name = ExecutorKind.SYMCC),
        @JsonSubTypes.Type(value = AflConfig.class, name = ExecutorKind.AFL),
        @JsonSubTypes.Type(value = AflSessionConfig.class, name = ExecutorKind.AFL_SESSION),
        @JsonSubTypes.Type(value = CommandConfig.class, name = "command")
})
public sealed interface ExecutorConfig permits SymccConfig, AflConfig, AflSessionConfig, CommandConfig {

    /** How the target receives its input. */
    InputMode input();

    /** Variables set for the target on top of {@link ChildEnvironment#INHERITED}. */
    Map<String, String> environment();

    /** Resource limits of every run (of a session's {@code afl-fuzz}, for an afl session). */
    ResourceLimits limits();

    /**
     * The executor's kind, as the manifest records executions and work records their origin:
     * {@code symcc}, {@code afl}, {@code afl_session} or {@code command}. The same word as
     * {@link Executor#name()} for the kinds that are executors.
     */
    @JsonIgnore
    default String kind() {
        if (this instanceof SymccConfig) {
            return ExecutorKind.SYMCC;
        }
        if (this instanceof AflSessionConfig) {
            return ExecutorKind.AFL_SESSION;
        }
        return this instanceof AflConfig ? ExecutorKind.AFL : "command";
    }

    /**
     * Whether runs of this executor read and update a SymCC pruning map: a SymCC target with
     * {@code "coverageMap": true}, or a command that names {@code {pruning_map}}. In a campaign
     * that shares its map, only such workers are handed the campaign's map.
     */
    @JsonIgnore
    default boolean keepsPruningMap() {
        if (this instanceof SymccConfig symcc) {
            return symcc.coverageMap();
        }
        return this instanceof CommandConfig command && command.argumentTemplate().uses(ArgumentTemplate.PRUNING_MAP);
    }
}
