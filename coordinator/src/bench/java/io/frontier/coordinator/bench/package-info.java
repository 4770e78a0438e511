/**
 * The coordinator benchmark: real coordinator ranks, each on its own thread, over a real store
 * and corpus, driven by simulated workers in the same JVM over the loopback transport; no MPI,
 * no executions. Rule: the benchmark builds coordinators only through their public entry points
 * (a rank's constructor and {@code run()}, its services and settings, the loopback transport and
 * the campaign store), so that it measures any coordinator behind them unchanged, and it counts
 * as the coordinator's CPU everything in the process but the simulated workers' threads.
 */
package io.frontier.coordinator.bench;
