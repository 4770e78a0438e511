package io.frontier.store.keyspace;

/** The operations that keep a receipt of their last call per owner. Numbers only appended. */
public enum ReceiptKind {
    CLAIM(0),
    RECOVER(1),
    CLAIM_SESSION(2);

    private final long number;

    ReceiptKind(long number) {
        this.number = number;
    }

    public long number() {
        return number;
    }

    static ReceiptKind fromNumber(long number) {
        for (ReceiptKind kind : values()) {
            if (kind.number == number) {
                return kind;
            }
        }
        return null;
    }
}
