package io.frontier.store.corpus;

import io.frontier.store.error.FrontierException;

/**
 * An entry under a valid object name is not the object that name promises. This is a control
 * failure for that object: it is never dispatched, promoted or silently replaced; an operator
 * looks at it (fsck lists it).
 */
public abstract class CorruptObjectException extends FrontierException {

    private static final long serialVersionUID = 1L;

    protected CorruptObjectException(String message) {
        super(message);
    }
}
