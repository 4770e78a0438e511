package io.frontier.store.campaign;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The merged logs of a race, and the checks on them. Each check returns the violations it found
 * as readable lines; an empty list means the invariant held.
 */
final class RaceLog {

    /** One grant of one token, and how long its holder may have believed it valid. */
    private static final class Grant {
        final String work;
        final String token;
        final int attempts;
        final double returnedAt;
        double validUntil;
        double committedAt = Double.POSITIVE_INFINITY;

        Grant(String work, String token, int attempts, double expiry, double returnedAt) {
            this.work = work;
            this.token = token;
            this.attempts = attempts;
            this.validUntil = expiry;
            this.returnedAt = returnedAt;
        }
    }

    private final Map<String, Grant> grants = new HashMap<>();
    private final Map<String, List<String[]>> commitsByResult = new HashMap<>();
    private final Map<String, Integer> commitsByWork = new HashMap<>();
    private final Map<String, Integer> abandonsByWork = new HashMap<>();
    private final List<String> enqueued = new ArrayList<>();
    private final List<String> malformed = new ArrayList<>();
    private int lines;
    private int completions;

    static RaceLog read(Path directory) {
        RaceLog log = new RaceLog();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.sorted().toList()) {
                for (String line : Files.readAllLines(file)) {
                    log.add(line.trim().split(" "));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return log;
    }

    private void add(String[] f) {
        lines++;
        switch (f[0]) {
            case "GRANT" -> {
                if (grants.put(f[2], new Grant(f[1], f[2], Integer.parseInt(f[3]), Double.parseDouble(f[4]),
                        Double.parseDouble(f[5]))) != null) {
                    malformed.add("token granted twice: " + f[2]);
                }
            }
            case "RENEW" -> {
                Grant grant = grants.get(f[2]);
                if (grant == null) {
                    malformed.add("renewal of a token never granted: " + String.join(" ", f));
                } else {
                    grant.validUntil = Math.max(grant.validUntil, Double.parseDouble(f[3]));
                }
            }
            case "COMMIT" -> {
                Grant grant = grants.get(f[2]);
                if (grant == null) {
                    malformed.add("commit under a token never granted: " + String.join(" ", f));
                } else {
                    grant.committedAt = Math.min(grant.committedAt, Double.parseDouble(f[4]));
                }
                commitsByResult.computeIfAbsent(f[3], r -> new ArrayList<>()).add(f);
                commitsByWork.merge(f[1], 1, Integer::sum);
            }
            case "ABANDON" -> abandonsByWork.merge(f[1], 1, Integer::sum);
            case "COMPLETE" -> {
                completions++;
                if (f.length > 3) {
                    enqueued.addAll(List.of(f[3].split(",")));
                }
            }
            default -> malformed.add("unknown log line: " + String.join(" ", f));
        }
    }

    int lines() {
        return lines;
    }

    int grants() {
        return grants.size();
    }

    /** How many items were completed: each is done for good. */
    int completions() {
        return completions;
    }

    /** How many items were granted more than once (their leases lapsed, were rejected or abandoned). */
    long regranted() {
        Map<String, Integer> perWork = new HashMap<>();
        grants.values().forEach(g -> perWork.merge(g.work, 1, Integer::sum));
        return perWork.values().stream().filter(n -> n > 1).count();
    }

    List<String> malformed() {
        return malformed;
    }

    /**
     * No two holders of one item were valid at once: for consecutive grants of an item (ordered by
     * the attempt number the store gave them), the earlier holder's last known expiry, or the
     * moment it started committing if sooner, is no later than the moment the later grant
     * returned. The store can only re-grant after recovering or abandoning, and recovery needs a
     * clock reading at or after the expiry, so a correct store never violates this.
     */
    List<String> overlappingLeases() {
        Map<String, List<Grant>> byWork = new HashMap<>();
        for (Grant grant : grants.values()) {
            byWork.computeIfAbsent(grant.work, w -> new ArrayList<>()).add(grant);
        }
        List<String> violations = new ArrayList<>();
        for (List<Grant> list : byWork.values()) {
            list.sort((a, b) -> Integer.compare(a.attempts, b.attempts));
            for (int i = 1; i < list.size(); i++) {
                Grant earlier = list.get(i - 1);
                Grant later = list.get(i);
                double end = Math.min(earlier.validUntil, earlier.committedAt);
                if (earlier.attempts == later.attempts || end > later.returnedAt) {
                    violations.add(String.format("work %s: token %s valid until %.3f but %s granted at %.3f",
                            earlier.work, earlier.token, end, later.token, later.returnedAt));
                }
            }
        }
        return violations;
    }

    /** A result is committed under one token, and an item has at most one unabandoned commit. */
    List<String> committingTokenChanges() {
        List<String> violations = new ArrayList<>();
        for (Map.Entry<String, List<String[]>> entry : commitsByResult.entrySet()) {
            Set<String> tokens = new HashSet<>();
            entry.getValue().forEach(f -> tokens.add(f[2]));
            if (tokens.size() != 1) {
                violations.add("result " + entry.getKey() + " committed under tokens " + tokens);
            }
        }
        for (Map.Entry<String, Integer> entry : commitsByWork.entrySet()) {
            int open = entry.getValue() - abandonsByWork.getOrDefault(entry.getKey(), 0);
            if (open > 1) {
                violations.add("work " + entry.getKey() + " has " + open + " unabandoned commits");
            }
        }
        return violations;
    }

    /** The token each logged result was committed under. */
    Map<String, String> tokenOfResult() {
        Map<String, String> tokens = new HashMap<>();
        commitsByResult.forEach((result, list) -> tokens.put(result, list.get(0)[2]));
        return tokens;
    }

    /** Every child some completion reported as newly enqueued, duplicates included. */
    List<String> enqueuedChildren() {
        return enqueued;
    }
}
