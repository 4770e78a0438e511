package io.frontier.coordinator.bench;

import io.frontier.store.corpus.Digest;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The children one simulated run of an input finds, decided by the input's id and the benchmark's
 * seed alone, whichever worker runs it and whenever: 60 to 170 children of 64 to 1,024 bytes,
 * distinct from every other input's (the parent's id and the child's index open its bytes); each
 * reaches 500 to 1,500 base edges of the {@link TargetModel}; 90% reach nothing more, 9% one new
 * tuple, 1% crash the target with one of {@link #SIGNATURES} bug signatures.
 */
final class ChildMix {

    static final int MIN_CHILDREN = 60;
    static final int MAX_CHILDREN = 170;
    private static final int MIN_BYTES = 64;
    private static final int MAX_BYTES = 1024;
    private static final int MIN_EDGES = 500;
    private static final int MAX_EDGES = 1500;
    private static final double REDUNDANT = 0.90;
    private static final double NOVEL = 0.09;
    private static final int SIGNATURES = 25;
    private static final int SIGSEGV = 11;

    /** What became of a child in the simulated triage run: its role in the mix. */
    enum Role { REDUNDANT, NOVEL, FINDING }

    /** One child: its bytes, what it reached, and its finding (null unless {@link Role#FINDING}). */
    record Child(byte[] bytes, Coverage coverage, DeclaredFinding finding, Role role) {
    }

    private final TargetModel target;
    private final long seed;

    ChildMix(TargetModel target, long seed) {
        this.target = target;
        this.seed = seed;
    }

    /** The children the run of {@code work} finds under {@code workload}. */
    List<Child> childrenOf(Digest work, Workload workload) {
        if (!workload.hasChildren()) {
            return List.of();
        }
        SplittableRandom random = new SplittableRandom(seed ^ ByteBuffer.wrap(work.bytes()).getLong());
        int count = MIN_CHILDREN + random.nextInt(MAX_CHILDREN - MIN_CHILDREN + 1);
        List<Child> children = new ArrayList<>(count);
        for (int index = 0; index < count; index++) {
            double draw = random.nextDouble();
            Role role = draw < REDUNDANT ? Role.REDUNDANT : draw < REDUNDANT + NOVEL ? Role.NOVEL : Role.FINDING;
            byte[] bytes = bytes(random, work, index);
            int edges = MIN_EDGES + random.nextInt(MAX_EDGES - MIN_EDGES + 1);
            // Every child is drawn in both workloads, so that the kept-only twin of a run keeps
            // exactly the mix's novel children and findings.
            Coverage coverage = role == Role.NOVEL ? target.novel(random, edges) : target.ordinary(random, edges);
            DeclaredFinding finding = role == Role.FINDING
                    ? new DeclaredFinding(FindingKind.CRASH, SIGSEGV, "stack:" + Integer.toHexString(
                            0x1000 + random.nextInt(SIGNATURES)))
                    : null;
            if (workload == Workload.MIX || role != Role.REDUNDANT) {
                children.add(new Child(bytes, coverage, finding, role));
            }
        }
        return children;
    }

    private static byte[] bytes(SplittableRandom random, Digest work, int index) {
        byte[] head = ("child " + work.hex() + " " + index + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] bytes = new byte[Math.max(head.length, MIN_BYTES + random.nextInt(MAX_BYTES - MIN_BYTES + 1))];
        System.arraycopy(head, 0, bytes, 0, head.length);
        for (int i = head.length; i < bytes.length; i++) {
            bytes[i] = (byte) random.nextInt(256);
        }
        return bytes;
    }
}
