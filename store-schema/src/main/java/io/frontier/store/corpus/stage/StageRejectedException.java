package io.frontier.store.corpus.stage;

import io.frontier.store.error.FrontierException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A stage does not hold exactly its declared, intact children, so none of it may be promoted.
 * Context: stage, problem count, the first few problems; {@link #problems()} has them all.
 */
public final class StageRejectedException extends FrontierException {

    private static final long serialVersionUID = 1L;

    /** Problems rendered into the message; a stage of junk must not produce a huge log line. */
    private static final int SHOWN_PROBLEMS = 10;

    /** Every problem found, in the order found. */
    private final transient List<StageProblem> problems;

    private StageRejectedException(List<StageProblem> problems) {
        super("stage rejected");
        this.problems = List.copyOf(problems);
    }

    static StageRejectedException of(Path stage, List<StageProblem> problems) {
        StageRejectedException failure = new StageRejectedException(problems);
        failure.with("stage", stage).with("problemCount", problems.size());
        failure.with("problems", problems.stream()
                .limit(SHOWN_PROBLEMS)
                .map(StageProblem::toString)
                .collect(Collectors.joining("; ")));
        return failure;
    }

    /** Every problem found. */
    public List<StageProblem> problems() {
        return problems;
    }
}
