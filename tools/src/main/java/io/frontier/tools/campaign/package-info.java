/**
 * A campaign directory as the command line knows it: its creation ({@code frontier init}, or
 * the first {@code frontier run}), the settings file every rank reads and the changes of it
 * ({@code frontier campaign set}), opening it for a command, its identity
 * ({@code frontier campaign adopt}), and the summary a job leaves behind.
 *
 * <p>Rule: {@code campaign.json} is written durably when the campaign is created, after every
 * check of what it will hold has passed, and read strictly by every rank and command: a file
 * that does not decode exactly is an error naming the file. Afterwards only
 * {@code frontier campaign set} (between jobs, with the changes {@link SettingsEdit} offers, each
 * recorded in the store first) and {@code frontier campaign adopt} rewrite it, by an atomic,
 * durable rename. Paths inside the campaign directory are written relative to it and resolved
 * against the directory the command names. Nothing reads or changes a store before
 * {@link io.frontier.tools.campaign.StoreBinding} has found it to be the campaign's own.
 */
package io.frontier.tools.campaign;
