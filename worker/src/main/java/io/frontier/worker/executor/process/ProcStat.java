package io.frontier.worker.executor.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One process as Linux's {@code /proc/<pid>/stat} shows it at the moment it is read: a snapshot,
 * stale as soon as it is taken.
 *
 * @param pid          the process
 * @param state        its state letter: {@code R} running, {@code S} sleeping, {@code D} waiting
 *                     for I/O, {@code T} stopped by a signal, {@code t} stopped by a tracer,
 *                     {@code Z} ended but not reaped, {@code X} dead
 * @param processGroup the id of its process group
 * @param cpuTicks     CPU time it and its reaped children have used, in clock ticks (user and
 *                     system, fields 14 to 17)
 */
public record ProcStat(long pid, char state, long processGroup, long cpuTicks) {

    /** The process as {@code /proc} shows it now; empty once it is gone (a zombie is still shown). */
    public static Optional<ProcStat> read(long pid) {
        String text;
        try {
            text = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            // A process that ends while its file is read makes the read fail with ESRCH.
            if (Files.notExists(Path.of("/proc", Long.toString(pid)))) {
                return Optional.empty();
            }
            throw new ProcessException("process status could not be read", e).with("pid", pid)
                    .with("problem", e.toString());
        }
        // The command name, in parentheses, may itself hold spaces and parentheses: fields are
        // counted from the last ')'. After it: state (3), ppid, pgrp (5), ..., utime (14) to cstime (17).
        String[] fields = text.substring(text.lastIndexOf(')') + 2).strip().split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]) + Long.parseLong(fields[13])
                + Long.parseLong(fields[14]);
        return Optional.of(new ProcStat(pid, fields[0].charAt(0), Long.parseLong(fields[2]), ticks));
    }

    /** Whether it waits for an event in an interruptible sleep ({@code S}): neither on a CPU nor queued for one. */
    public boolean sleeping() {
        return state == 'S';
    }

    /** Whether a signal or a tracer stopped it. */
    public boolean stopped() {
        return state == 'T' || state == 't';
    }

    /** Whether it has ended (a zombie waiting to be reaped, or dead). */
    public boolean ended() {
        return state == 'Z' || state == 'X';
    }
}
