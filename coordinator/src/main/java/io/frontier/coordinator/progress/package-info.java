/**
 * The campaign's live progress line, printed by root: what the store says about the whole
 * campaign, read with snapshot reads only, so printing it never conflicts with a commit.
 */
package io.frontier.coordinator.progress;
