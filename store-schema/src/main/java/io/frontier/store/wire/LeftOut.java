package io.frontier.store.wire;

import io.frontier.store.error.InvalidInputException;

/**
 * Entries an execution left in its output directory (at any depth) that did not become children,
 * counted by why: a worker never follows a symbolic link (the target may point it anywhere), never
 * reads a FIFO, socket or device, and takes at most {@link Result#MAX_CHILDREN} outputs of one
 * execution. Carried in the RESULT, recorded in the manifest entry and counted for the campaign,
 * so no output is dropped without a record.
 *
 * @param links symbolic links, not followed
 * @param special FIFOs, sockets and devices, not read
 * @param overLimit regular files beyond the most one execution may yield, not hashed
 */
public record LeftOut(int links, int special, int overLimit) {

    /** Nothing left out. */
    public static final LeftOut NONE = new LeftOut(0, 0, 0);

    public LeftOut {
        if (links < 0 || special < 0 || overLimit < 0) {
            throw new InvalidInputException("left-out output counts are negative")
                    .with("links", links).with("special", special).with("overLimit", overLimit);
        }
    }

    /** How many entries were left out, for every reason. */
    public long total() {
        return (long) links + special + overLimit;
    }

    /** Both counts together. */
    public LeftOut plus(LeftOut other) {
        return new LeftOut(links + other.links, special + other.special, overLimit + other.overLimit);
    }
}
