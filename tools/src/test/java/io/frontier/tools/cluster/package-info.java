/**
 * An emulated cluster for tests: nodes as Linux network namespaces on one machine, joined by a
 * private bridge, across which Open MPI runs a Frontier job, and the faults such nodes suffer
 * (lost, cut off, stopped; a server on one of them killed).
 *
 * <p>Rule: everything a cluster creates carries its run's name and is gone once the cluster is
 * closed, the test failed or not; what a killed run left behind is removed by the next one. No
 * address it creates is routed beyond its subnet.
 */
package io.frontier.tools.cluster;
