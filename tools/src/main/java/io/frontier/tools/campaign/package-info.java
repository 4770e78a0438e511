/**
 * A campaign directory as the command line knows it: its creation ({@code frontier init}, or
 * the first {@code frontier run}), the settings file every rank reads, opening it for a command,
 * and the summary a job leaves behind.
 *
 * <p>Rule: {@code campaign.json} is written once, durably, when the campaign is created, after
 * every check of what it will hold has passed, and read strictly by every rank and command: a
 * file that does not decode exactly is an error naming the file.
 */
package io.frontier.tools.campaign;
