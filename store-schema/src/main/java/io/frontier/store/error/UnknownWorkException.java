package io.frontier.store.error;

/** No record exists for the named work item or result. Context: {@code work} or {@code result}. */
public final class UnknownWorkException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public UnknownWorkException(String message) {
        super(message);
    }
}
