/**
 * Where every campaign value lives: one numbered enum of key prefixes, and one encoder and one
 * decoder per kind of key, all built from FoundationDB tuples under a campaign prefix so that
 * byte order is the same in every backend.
 *
 * <p>Rule: prefix numbers are only ever appended, never reused or renumbered; no code outside
 * this package builds or parses a campaign key by hand.
 */
package io.frontier.store.keyspace;
