package io.frontier.store.wire;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Worker → coordinator ({@link Tags#RESULT}): what executing one assignment produced.
 *
 * <p>The constructor, and so decoding, accepts only a well-formed message: every field present,
 * no child declared twice, at most {@link #MAX_CHILDREN} children of which at most
 * {@link #MAX_FINDINGS} are findings, and no more children than outputs. Whether the message answers the assignment it claims to (same work, token and result;
 * input digest equal to the work id) and whether the stage holds exactly these children is for
 * the coordinator's validator to decide, because only it knows the assignment and the stage.
 *
 * @param work the work item of the assignment, echoed
 * @param token the token of the assignment, echoed
 * @param result the result id of the assignment, echoed; it names the stage
 * @param input the SHA-256 of the bytes the worker copied, verified and executed
 * @param children the distinct new inputs, staged under their digests, in the order found
 * @param generated how many outputs the execution wrote before de-duplication
 * @param execution what the execution did
 * @param finding how the executed input itself made the target crash or hang, or null
 * @param pruningMap the bits the execution set in its SymCC pruning map beyond those it started
 *     with, when its assignment carried a shared map; null if it set none or there was no
 *     shared map
 * @param leftOut the entries of the output directory that did not become children, by why
 */
public record Result(
        Digest work,
        Token token,
        ResultId result,
        Digest input,
        List<DeclaredChild> children,
        int generated,
        Execution execution,
        DeclaredFinding finding,
        PruningMap pruningMap,
        LeftOut leftOut) {

    /** Children one result may declare: as many as one manifest entry holds. */
    public static final int MAX_CHILDREN = ManifestEntry.MAX_CHILDREN;
    /**
     * Children one result may declare findings, which its commit decision records in its one
     * transaction (each a record of a few hundred bytes): a worker declares further crashing
     * outputs without their finding, so they run as work and become findings of their own run.
     */
    public static final int MAX_FINDINGS = 2_048;

    public Result {
        if (work == null || token == null || result == null || input == null || children == null || execution == null
                || leftOut == null) {
            throw new InvalidInputException("result lacks work, token, result, input, children, execution or leftOut");
        }
        if (children.size() > MAX_CHILDREN || generated < children.size()) {
            throw new InvalidInputException("result declares more children than allowed or than it generated")
                    .with("work", work).with("children", children.size()).with("generated", generated)
                    .with("max", MAX_CHILDREN);
        }
        long findings = children.stream().filter(child -> child != null && child.finding() != null).count();
        if (findings > MAX_FINDINGS) {
            throw new InvalidInputException("result declares more findings than one commit decision records")
                    .with("work", work).with("findings", findings).with("max", MAX_FINDINGS);
        }
        Set<Digest> seen = new HashSet<>();
        for (DeclaredChild child : children) {
            if (child == null || !seen.add(child.digest())) {
                throw new InvalidInputException("result declares a child twice or a null child")
                        .with("work", work).with("child", child == null ? null : child.digest());
            }
        }
        children = List.copyOf(children);
    }

    /** A result whose execution left nothing out of its children. */
    public Result(Digest work, Token token, ResultId result, Digest input, List<DeclaredChild> children, int generated,
                  Execution execution, DeclaredFinding finding, PruningMap pruningMap) {
        this(work, token, result, input, children, generated, execution, finding, pruningMap, LeftOut.NONE);
    }
}
