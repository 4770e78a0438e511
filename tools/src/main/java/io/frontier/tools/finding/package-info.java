/**
 * {@code frontier findings}: the inputs that made the target crash or hang, grouped by signature,
 * and a verified copy of their bytes for whoever debugs them.
 *
 * <p>Rule: the listing only reads (snapshot reads of the store). The copy reads the public
 * corpus, hashing every byte as it copies, and writes only under the directory it is given;
 * an object whose bytes do not match its name is a control failure and is never copied out.
 */
package io.frontier.tools.finding;
