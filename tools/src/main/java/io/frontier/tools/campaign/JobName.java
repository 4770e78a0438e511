package io.frontier.tools.campaign;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;

/**
 * The names under which commands move a campaign's epoch ({@link
 * io.frontier.store.record.EpochRecord#job}): where and when the command ran. A name written by
 * {@code frontier init} says so, because no job process ever runs in the epoch it sets.
 */
public final class JobName {

    /** Starts the name of an epoch set by {@code frontier init}; no host name contains ':'. */
    private static final String INIT_PREFIX = "init:";
    /** Keeps a name within the store's 128 characters for owners. */
    private static final int MAX_HOST = 64;

    private JobName() {
    }

    /** A new name for a job started on this machine now: {@code <host>-<pid>-<millis>}. */
    public static String forJob() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "host";
        }
        if (host.length() > MAX_HOST) {
            host = host.substring(0, MAX_HOST);
        }
        return (host + "-" + ManagementFactory.getRuntimeMXBean().getPid() + "-" + System.currentTimeMillis())
                .replaceAll("[^!-~]", "_");
    }

    /** A new name for the creation of a campaign by {@code frontier init} on this machine now. */
    public static String forInit() {
        return INIT_PREFIX + forJob();
    }

    /** True if {@code job} names a campaign's creation by {@code frontier init}, not a job. */
    public static boolean isInit(String job) {
        return job.startsWith(INIT_PREFIX);
    }
}
