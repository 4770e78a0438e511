/**
 * The FoundationDB backend: the key-value interface mapped one to one onto fdb-java (API
 * version 730), for campaigns that span machines.
 *
 * <p>Rule: stay thin. Retry, conflict detection, atomic mutations and versionstamps are
 * FoundationDB's own; this package only sets every transaction's timeout and retry limit,
 * waits for futures in one timed helper, checks the same {@link io.frontier.store.kv.KeyLimits}
 * as the embedded backend, and turns FoundationDB errors into the interface's exceptions. The
 * native client ({@code libfdb_c}) is loaded on first use, never by merely linking this code.
 */
package io.frontier.store.kv.fdb;
