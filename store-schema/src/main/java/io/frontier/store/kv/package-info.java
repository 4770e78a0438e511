/**
 * The one transactional key-value interface every campaign operation is written against,
 * shaped like FoundationDB so the same code runs on FoundationDB and on the embedded backend.
 *
 * <p>Rule: nothing above this package knows which backend it talks to. Keys are byte strings
 * ordered by unsigned byte comparison (memcmp), exactly as FoundationDB orders them; values are
 * opaque bytes. A transaction is serializable; {@link io.frontier.store.kv.KeyValueStore#run}
 * retries it on conflict, so the body it is given may execute more than once and must be
 * idempotent.
 *
 * <p>Backends live in subpackages ({@code sqlite}, {@code fdb}); only {@link
 * io.frontier.store.kv.KeyValueStores} names them, and it opens the one a
 * {@link io.frontier.store.kv.StoreUrl} names. Both enforce FoundationDB's limits ({@link
 * io.frontier.store.kv.KeyLimits}: key, value and transaction sizes, a transaction's age, no
 * reading back what a transaction wrote with a versionstamp) and the rule of {@link
 * io.frontier.store.kv.ConflictHints}, and report failures with the exceptions of this package,
 * named after FoundationDB's errors where FoundationDB has one: the embedded store refuses what
 * FoundationDB would refuse, so code tested on it does not fail on a cluster.
 */
package io.frontier.store.kv;
