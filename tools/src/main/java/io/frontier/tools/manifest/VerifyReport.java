package io.frontier.tools.manifest;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What {@code frontier manifest verify} found, also its {@code --json} output.
 *
 * @param entries entries examined, readable or not
 * @param open entries without an outcome yet
 * @param objectsVerified promoted children whose corpus object was read and matched its digest
 * @param bytesVerified bytes of those objects
 * @param problems everything found wrong; empty when the manifest and the corpus agree
 */
public record VerifyReport(long entries, long open, long done, long abandoned, long objectsVerified,
                           long bytesVerified, List<VerifyProblem> problems) {

    public VerifyReport {
        problems = List.copyOf(problems);
    }

    /** True if nothing was found wrong. */
    @JsonProperty("clean")
    public boolean clean() {
        return problems.isEmpty();
    }
}
