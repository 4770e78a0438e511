/**
 * The embedded backend: the key-value interface on one SQLite file, for one machine and for
 * tests.
 *
 * <p>Rule: one writer at a time. Every read-write transaction holds SQLite's write lock from its
 * first statement ({@code BEGIN IMMEDIATE}) to its commit, so reads are serializable without
 * conflict tracking, conflict hints change nothing, atomic operations are read-modify-write, and
 * versionstamps come from a commit counter incremented inside the transaction. It is strict:
 * every transaction counts what FoundationDB counts and is refused where FoundationDB would
 * refuse it (too large, too old, reading back a versionstamped write, a conflict hint before the
 * first read), although SQLite itself could accept it. Keys are BLOBs in
 * a {@code WITHOUT ROWID} table, which SQLite orders by memcmp exactly as FoundationDB orders
 * keys. The file must be on a local filesystem and must carry the store's layout marker;
 * anything else is refused before it is touched.
 */
package io.frontier.store.kv.sqlite;
