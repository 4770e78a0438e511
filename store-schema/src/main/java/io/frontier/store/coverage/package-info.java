/**
 * Coverage as AFL++ measures it, and the campaign's global edge map that coverage triage
 * compares each new input against.
 */
package io.frontier.store.coverage;
