/**
 * A campaign directory as the command line knows it: the settings file every rank reads, and
 * the summary a job leaves behind.
 *
 * <p>Rule: {@code campaign.json} is written once, durably, when the campaign is created, and read
 * strictly by every rank: a file that does not decode exactly is an error naming the file.
 */
package io.frontier.tools.campaign;
