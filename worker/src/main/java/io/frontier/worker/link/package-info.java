/**
 * The MPI link that coordinator and worker ranks both use: byte-array messages with a tag over
 * the Open MPI Java bindings, and the launcher that starts a job of ranks with mpirun.
 *
 * <p>Rule: every wait on the link has a deadline. A rank that waits for a message that never
 * comes fails with the rank, the tag and the deadline in the error; it never hangs the job.
 * All MPI calls of a process are made from the thread that initialised MPI.
 */
package io.frontier.worker.link;
