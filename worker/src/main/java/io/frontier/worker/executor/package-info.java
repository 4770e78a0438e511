/**
 * Executors: run one input through a target as a real child process and report what happened.
 * An {@link io.frontier.worker.executor.Executor} returns an
 * {@link io.frontier.worker.executor.Execution}, which lives as long as the worker needs it to
 * build its RESULT; hashing, de-duplication and staging of the outputs happen elsewhere.
 *
 * <p>Rules:
 * <ul>
 *   <li>The caller owns the input file and the output directory: it gives an output directory
 *       that is absent or empty, and deletes it afterwards. An executor creates the directory,
 *       never deletes anything, and lists as outputs exactly the regular files found there.</li>
 *   <li>A child's environment is explicit ({@link io.frontier.worker.executor.ChildEnvironment}):
 *       a short allow-list of the worker's variables, then the configured ones, then the
 *       executor's own. MPI's variables and stray {@code SYMCC_*} values never reach a target.</li>
 *   <li>Failures that leave no outcome for the input (misconfiguration, unusable directories, a
 *       launch that failed) are exceptions, never an {@link io.frontier.worker.executor.ExitKind}:
 *       an exit kind always describes what the input did to the target.</li>
 * </ul>
 */
package io.frontier.worker.executor;
