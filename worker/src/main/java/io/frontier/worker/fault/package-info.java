/**
 * The fault-injection switch: faults that tests inject into real runs of real ranks, read from
 * one environment variable ({@link io.frontier.worker.fault.FaultPlan#ENVIRONMENT_VARIABLE}).
 *
 * <p>Rule: off unless that variable is set. An empty plan changes nothing a rank does, and a plan
 * that does not parse stops the rank before it does anything, naming the bad entry: a test that
 * meant to inject a fault must never pass because its fault silently did not happen.
 */
package io.frontier.worker.fault;
