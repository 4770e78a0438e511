package io.frontier.tools.job;

import io.frontier.tools.cluster.ClusterNode;
import io.frontier.tools.cluster.EmulatedCluster;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A campaign whose jobs run on an {@link EmulatedCluster}: each job's launcher ({@code frontier
 * run} or {@code resume}, unchanged, in a process of its own) starts on the first node it is
 * given, and its mpirun places {@code ranksPerNode} ranks on each of those nodes in rank order.
 * With as many coordinators as ranks per node, the coordinators are all on the first node and
 * the workers on the others, as on a cluster whose head node holds the store.
 */
final class ClusterCampaign {

    final CampaignHarness harness;
    final EmulatedCluster cluster;
    /** Ranks on every node of a job, and the campaign's coordinators: the first node holds exactly those. */
    final int ranksPerNode;
    private int jobs;

    ClusterCampaign(CampaignHarness harness, EmulatedCluster cluster, int ranksPerNode) {
        this.harness = harness;
        this.cluster = cluster;
        this.ranksPerNode = ranksPerNode;
    }

    /** Workers of a job on {@code nodes}: every rank not on the first node. */
    int workersOn(List<ClusterNode> nodes) {
        return ranksPerNode * (nodes.size() - 1);
    }

    /** {@code frontier run} on {@code nodes}, creating the campaign on first use; {@code extra} as for it. */
    LauncherProcess run(List<ClusterNode> nodes, String... extra) throws IOException {
        return launch(nodes, harness.runArguments(ranksPerNode, workersOn(nodes), extra));
    }

    /** {@code frontier resume} on {@code nodes}, with as many workers as they hold. */
    LauncherProcess resume(List<ClusterNode> nodes, String... extra) throws IOException {
        List<String> args = new ArrayList<>(harness.resumeArguments(extra));
        args.addAll(List.of("--workers", Integer.toString(workersOn(nodes))));
        return launch(nodes, args);
    }

    private LauncherProcess launch(List<ClusterNode> nodes, List<String> args) throws IOException {
        Map<String, String> environment = cluster.mpiEnvironment(nodes, ranksPerNode);
        jobs++;
        return LauncherProcess.start(harness.root, "job-" + jobs, command -> cluster.onNode(nodes.get(0), command),
                environment, args);
    }
}
