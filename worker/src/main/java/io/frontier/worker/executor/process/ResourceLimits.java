package io.frontier.worker.executor.process;

/**
 * Resource limits applied to a child before its program runs (with {@code prlimit}). Zero means
 * "not set by Frontier": the child then keeps the limit the worker itself runs under. Core dumps
 * are always disabled, whatever these say: a crashing target on a shared filesystem would
 * otherwise write one core file per crash for days.
 *
 * @param addressSpaceMiB {@code RLIMIT_AS} in MiB. Allocation beyond it fails (malloc returns
 *                        NULL, mmap fails with ENOMEM). Targets built with AddressSanitizer
 *                        reserve terabytes of address space and cannot run under this limit.
 * @param cpuSeconds      {@code RLIMIT_CPU} in seconds: SIGXCPU when reached, SIGKILL one second
 *                        later if the target ignores SIGXCPU.
 * @param fileSizeMiB     {@code RLIMIT_FSIZE} in MiB: the largest file the child may write;
 *                        SIGXFSZ when it tries to write past it.
 */
public record ResourceLimits(long addressSpaceMiB, long cpuSeconds, long fileSizeMiB) {

    /** No limit set by Frontier (core dumps still off). */
    public static final ResourceLimits NONE = new ResourceLimits(0, 0, 0);

    private static final long MIB = 1L << 20;
    /** Largest MiB value whose byte count still fits a long. */
    private static final long MAX_MIB = Long.MAX_VALUE / MIB;

    public ResourceLimits {
        requireInRange("addressSpaceMiB", addressSpaceMiB, MAX_MIB);
        requireInRange("cpuSeconds", cpuSeconds, Long.MAX_VALUE - 1);
        requireInRange("fileSizeMiB", fileSizeMiB, MAX_MIB);
    }

    /** {@code RLIMIT_AS} in bytes, or 0 when not set. */
    public long addressSpaceBytes() {
        return addressSpaceMiB * MIB;
    }

    /** {@code RLIMIT_FSIZE} in bytes, or 0 when not set. */
    public long fileSizeBytes() {
        return fileSizeMiB * MIB;
    }

    private static void requireInRange(String name, long value, long max) {
        if (value < 0 || value > max) {
            throw new ProcessException("resource limit out of range")
                    .with("limit", name).with("value", value).with("allowed", "0 (not set) to " + max);
        }
    }
}
