package io.frontier.store.corpus;

import io.frontier.store.error.FrontierException;

/** A text that should spell a digest does not: wrong length, upper case or a non-hex character. */
public final class MalformedDigestException extends FrontierException {

    private static final long serialVersionUID = 1L;

    /** Longer inputs are cut in the context so one bad value cannot flood a log. */
    private static final int SHOWN_CHARACTERS = 100;

    private MalformedDigestException() {
        super("not a lowercase hex SHA-256 digest");
    }

    static MalformedDigestException of(String text) {
        MalformedDigestException failure = new MalformedDigestException();
        if (text == null) {
            failure.with("value", null);
        } else {
            failure.with("length", text.length());
            failure.with("value", text.length() <= SHOWN_CHARACTERS ? text : text.substring(0, SHOWN_CHARACTERS) + "...");
        }
        return failure;
    }
}
