package io.frontier.tools.cluster;

/**
 * One node of an {@link EmulatedCluster}: a network namespace whose name is also the host name
 * every process on it sees, one interface {@code eth0} with {@code address}, and, on the host's
 * side of its cable, the bridge port {@code hostLink}.
 *
 * @param index    1 for the first node
 * @param name     the namespace's name and the node's host name, unique to its cluster's run
 * @param address  the node's IPv4 address on the cluster's private subnet
 * @param hostLink the bridge port its cable plugs into; down means the node is cut off
 */
public record ClusterNode(int index, String name, String address, String hostLink) {

    @Override
    public String toString() {
        return "node " + index + " (" + name + ", " + address + ")";
    }
}
