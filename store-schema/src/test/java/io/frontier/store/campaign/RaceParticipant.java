package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.child;

import io.frontier.store.error.FrontierException;
import io.frontier.store.manifest.Child;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.Execution;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One coordinator in a race: for a fixed time it claims, renews, lets leases lapse, recovers,
 * rejects, commits, promotes, completes and abandons at random on a shared campaign, with a short
 * TTL so leases really expire under it. After that time it goes on until the logs of the race
 * show every kind of step the race is checked for ({@link #EVENTFUL}), for at most
 * {@link #GIVE_UP_SECONDS}: how much a fixed time holds depends on the machine's load. Every grant and every step that moves a lease's validity
 * is appended to its own log, with wall-clock readings taken just before or after the call, so
 * {@link RaceLog} can check afterwards that no two holders were ever valid at once.
 *
 * <p>Log lines: {@code GRANT id token attempts expiry returnedAt}, {@code RENEW id token expiry},
 * {@code COMMIT id token result startedAt}, {@code ABANDON id result}, {@code COMPLETE id result
 * child,child,...}.
 */
final class RaceParticipant implements Runnable {

    static final double TTL = 0.25;
    /** Children are drawn from a small pool so different parents often produce the same child. */
    static final int CHILD_POOL = 40;
    /** More grants than this, a lease granted again and a completed item: a race worth checking. */
    static final int EVENTFUL = 30;
    /** The longest a participant runs, eventful race or not. */
    static final double GIVE_UP_SECONDS = 60;
    private static final long LOG_CHECK_NANOS = 100_000_000L;

    private final CampaignStore store;
    private final long epoch;
    private final Owner owner;
    private final long deadlineNanos;
    private final long giveUpNanos;
    private final Path log;
    private final Random random;
    private final List<Lease> held = new ArrayList<>();
    private final List<Commitment> committed = new ArrayList<>();

    RaceParticipant(CampaignStore store, long epoch, String name, double seconds, Path log, long seed) {
        this.store = store;
        this.epoch = epoch;
        this.owner = Owner.of(name);
        this.deadlineNanos = System.nanoTime() + (long) (seconds * 1e9);
        this.giveUpNanos = deadlineNanos + (long) (GIVE_UP_SECONDS * 1e9);
        this.log = log;
        this.random = new Random(seed);
    }

    static double now() {
        return System.currentTimeMillis() / 1000.0;
    }

    @Override
    public void run() {
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND), true)) {
            while (System.nanoTime() < deadlineNanos) {
                step(out);
            }
            long nextCheck = System.nanoTime();
            while (System.nanoTime() < giveUpNanos) {
                if (System.nanoTime() >= nextCheck) {
                    if (eventful(log.getParent())) {
                        return;
                    }
                    nextCheck = System.nanoTime() + LOG_CHECK_NANOS;
                }
                step(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the logs in {@code directory} show the race {@link #EVENTFUL}; a line being written is not yet. */
    static boolean eventful(Path directory) {
        try {
            RaceLog log = RaceLog.read(directory);
            return log.grants() > EVENTFUL && log.regranted() > 0 && log.completions() > 0;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private void step(PrintWriter out) {
        int dice = random.nextInt(100);
        try {
            if (dice < 25 || held.isEmpty() && committed.isEmpty()) {
                claim(out);
            } else if (dice < 40) {
                renew(out);
            } else if (dice < 45) {
                store.recoverExpired(epoch, owner, 10, now());
            } else if (dice < 50) {
                held.clear();
            } else if (dice < 55 && !held.isEmpty()) {
                Lease lease = held.get(random.nextInt(held.size()));
                WorkRecord kept = store.requeue(epoch, lease, ResultId.random(), now(), TTL);
                out.printf("RENEW %s %s %s%n", lease.work(), lease.token(), kept.leaseExpiry());
            } else if (dice < 80 && !held.isEmpty()) {
                commit(out, held.remove(random.nextInt(held.size())));
            } else if (!committed.isEmpty()) {
                finish(out, committed.remove(random.nextInt(committed.size())));
            }
        } catch (FrontierException e) {
            // Losing a race (stale token, lease already recovered) is the point of the exercise.
            held.removeIf(l -> e.context().values().contains(l.token().hex()));
        }
    }

    private void claim(PrintWriter out) {
        ClaimResult result = store.claim(epoch, owner, Set.of(), 1 + random.nextInt(3), now(), TTL);
        double returnedAt = now();
        for (WorkRecord record : result.granted()) {
            out.printf("GRANT %s %s %d %s %s%n", record.id(), record.token(), record.attempts(),
                    record.leaseExpiry(), returnedAt);
            held.add(new Lease(record.id(), record.token()));
        }
    }

    private void renew(PrintWriter out) {
        if (held.isEmpty()) {
            return;
        }
        List<ItemResult<WorkRecord>> results = store.renew(epoch, List.copyOf(held), now(), TTL);
        List<Lease> kept = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            if (results.get(i).succeeded()) {
                Lease lease = held.get(i);
                kept.add(lease);
                out.printf("RENEW %s %s %s%n", lease.work(), lease.token(), results.get(i).value().leaseExpiry());
            }
        }
        held.retainAll(kept);
    }

    private void commit(PrintWriter out, Lease lease) {
        List<Child> children = new ArrayList<>();
        int count = random.nextInt(3);
        while (children.size() < count) {
            Child candidate = child("race-child-" + random.nextInt(CHILD_POOL));
            if (!children.contains(candidate)) {
                children.add(candidate);
            }
        }
        ResultId result = ResultId.random();
        double startedAt = now();
        store.beginCommit(epoch, new CommitRequest(lease, result, "stage/" + result, CampaignFixtures.declared(children), new Execution("command", "ok", 0, false, 10, false), null), startedAt);
        out.printf("COMMIT %s %s %s %s%n", lease.work(), lease.token(), result, startedAt);
        committed.add(new Commitment(lease.work(), result));
    }

    private void finish(PrintWriter out, Commitment commitment) {
        if (random.nextInt(10) == 0) {
            store.abandon(epoch, commitment.work(), commitment.result(), "race abandons", now());
            out.printf("ABANDON %s %s%n", commitment.work(), commitment.result());
            return;
        }
        CommittingEntry entry = store.listCommitting(1_000).stream()
                .filter(e -> e.entry().result().equals(commitment.result())).findFirst().orElse(null);
        if (entry == null) {
            return;
        }
        List<Promotion> marks = new ArrayList<>();
        for (int i = 0; i < entry.children().size(); i++) {
            marks.add(new Promotion(commitment.work(), commitment.result(), i));
        }
        if (!marks.isEmpty()) {
            store.markPromoted(epoch, marks);
        }
        Completion completion = store.complete(epoch, commitment.work(), commitment.result(), now());
        out.printf("COMPLETE %s %s %s%n", commitment.work(), commitment.result(),
                completion.enqueued().stream().map(Object::toString).collect(Collectors.joining(",")));
    }
}
