/**
 * A campaign directory as the command line knows it: its creation ({@code frontier init}, or
 * the first {@code frontier run}), the settings file every rank reads and the changes of it
 * ({@code frontier campaign set}), opening it for a command, and the summary a job leaves
 * behind.
 *
 * <p>Rule: {@code campaign.json} is written durably when the campaign is created, after every
 * check of what it will hold has passed, and read strictly by every rank and command: a file
 * that does not decode exactly is an error naming the file. Afterwards only
 * {@code frontier campaign set} rewrites it, between jobs, with the changes {@link SettingsEdit}
 * offers, each recorded in the store first and then written by an atomic, durable rename.
 */
package io.frontier.tools.campaign;
