/**
 * {@code frontier mpi}: checks of the MPI installation the campaign runs on.
 *
 * <p>Rule: a check runs the real thing (mpirun, the JNI library, the Java bindings) and fails
 * with what each rank reported, never with a guess.
 */
package io.frontier.tools.mpi;
