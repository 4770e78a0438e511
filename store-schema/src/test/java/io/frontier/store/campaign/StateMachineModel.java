package io.frontier.store.campaign;

import io.frontier.store.manifest.Child;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A plain in-memory statement of what the campaign state machine should do, item by item: no
 * keys, no transactions, just the rules of DESIGN.md. The property test drives it and the real
 * store side by side.
 */
final class StateMachineModel {

    /** What the model knows about one item. */
    static final class Item {
        WorkState state = WorkState.PENDING;
        Token token;
        /** The last token this item was granted, kept to present it again once it is stale. */
        Token lastToken;
        double expiry;
        int attempts;
        long epoch;
        ResultId result;
        List<Child> children = List.of();
        boolean promoted;
        Digest parent;

        Item(long epoch, Digest parent) {
            this.epoch = epoch;
            this.parent = parent;
        }
    }

    final Map<Digest, Item> items = new TreeMap<>();
    final int maxAttempts;
    long epoch = 1;
    double now;
    long rejected;

    StateMachineModel(int maxAttempts, double now) {
        this.maxAttempts = maxAttempts;
        this.now = now;
    }

    List<Digest> ids() {
        return new ArrayList<>(items.keySet());
    }

    long count(WorkState state) {
        return items.values().stream().filter(i -> i.state == state).count();
    }

    boolean admit(Digest id) {
        return items.putIfAbsent(id, new Item(epoch, null)) == null;
    }

    void grant(Digest id, Token token, double ttl) {
        Item item = items.get(id);
        item.state = WorkState.LEASED;
        item.token = token;
        item.lastToken = token;
        item.expiry = now + ttl;
        item.attempts++;
        item.epoch = epoch;
    }

    /** True if {@code token} may act on {@code id}'s lease now. */
    boolean holds(Digest id, Token token) {
        Item item = items.get(id);
        return item.state == WorkState.LEASED && token.equals(item.token) && item.epoch == epoch;
    }

    void renew(Digest id, double ttl) {
        Item item = items.get(id);
        item.expiry = Math.max(item.expiry, now + ttl);
    }

    void requeue(Digest id, double ttl) {
        renew(id, ttl);
        items.get(id).attempts++;
        rejected++;
    }

    List<Digest> recoverable() {
        List<Digest> due = new ArrayList<>();
        items.forEach((id, item) -> {
            if (item.state == WorkState.LEASED && (item.epoch < epoch || item.expiry <= now)) {
                due.add(id);
            }
        });
        return due;
    }

    void release(Digest id) {
        Item item = items.get(id);
        item.state = WorkState.PENDING;
        item.token = null;
        item.epoch = epoch;
        item.result = null;
        item.promoted = false;
    }

    /** A lease handed back unused: pending again, and its grant no longer counts as an attempt. */
    void unclaim(Digest id) {
        release(id);
        Item item = items.get(id);
        item.attempts = Math.max(0, item.attempts - 1);
    }

    void commit(Digest id, ResultId result, List<Child> children) {
        Item item = items.get(id);
        item.state = WorkState.COMMITTING;
        item.result = result;
        item.children = children;
        item.promoted = children.isEmpty();
    }

    boolean committing(Digest id) {
        return items.get(id).state == WorkState.COMMITTING;
    }

    /** Completes a committing item whose children are promoted; returns the children enqueued. */
    List<Digest> complete(Digest id) {
        Item item = items.get(id);
        List<Digest> enqueued = new ArrayList<>();
        for (Child child : item.children) {
            if (!items.containsKey(child.digest())) {
                items.put(child.digest(), new Item(epoch, id));
                enqueued.add(child.digest());
            }
        }
        item.state = WorkState.DONE;
        item.epoch = epoch;
        return enqueued;
    }

    void abandon(Digest id) {
        Item item = items.get(id);
        if (item.attempts >= maxAttempts) {
            item.state = WorkState.ABANDONED;
            item.token = null;
            item.epoch = epoch;
            item.result = null;
        } else {
            release(id);
        }
    }
}
