package io.frontier.worker.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ChildEnvironmentTest {

    @Test
    void onlyTheAllowListIsInheritedThenConfiguredThenExecutorValuesWin() {
        ChildEnvironment base = ChildEnvironment.from(Map.of(
                "PATH", "/opt/bin:/usr/bin", "LD_LIBRARY_PATH", "/opt/lib", "HOME", "/home/u",
                "OMPI_COMM_WORLD_RANK", "4", "PMIX_RANK", "4", "SYMCC_NO_SYMBOLIC_INPUT", "1", "CLASSPATH", "x.jar"));

        Map<String, String> environment = base.compose(
                Map.of("HOME", "/scratch", "ASAN_OPTIONS", "detect_leaks=0"),
                Map.of("SYMCC_OUTPUT_DIR", "/w/out", "ASAN_OPTIONS", "owned"));

        assertThat(environment).containsExactlyInAnyOrderEntriesOf(Map.of(
                "PATH", "/opt/bin:/usr/bin", "LD_LIBRARY_PATH", "/opt/lib", "HOME", "/scratch",
                "ASAN_OPTIONS", "owned", "SYMCC_OUTPUT_DIR", "/w/out"));
    }

    @Test
    void aWorkerWithoutPathGivesItsChildrenTheStandardOne() {
        assertThat(ChildEnvironment.from(Map.of()).compose(Map.of(), Map.of()))
                .isEqualTo(Map.of("PATH", "/usr/local/bin:/usr/bin:/bin"));
    }

    @Test
    void namesAndValuesMustBeRepresentableInAProcessEnvironment() {
        assertThatThrownBy(() -> ChildEnvironment.validate(Map.of("A=B", "x")))
                .isInstanceOf(ExecutorException.class).hasMessageStartingWith("environment variable name is invalid");
        assertThatThrownBy(() -> ChildEnvironment.validate(Map.of("1A", "x")))
                .hasMessageStartingWith("environment variable name is invalid");
        assertThatThrownBy(() -> ChildEnvironment.validate(Map.of("A", "x\0y")))
                .hasMessageStartingWith("environment variable value is invalid");
    }
}
