/**
 * The base of every Frontier exception: a fixed message that says what went wrong, plus named
 * context values (work id, token, rank, path, expected and actual digest) that say where.
 *
 * <p>Rule: messages are constant strings, so they can be searched for in code and grouped in
 * logs; anything variable travels as context.
 */
package io.frontier.store.error;
