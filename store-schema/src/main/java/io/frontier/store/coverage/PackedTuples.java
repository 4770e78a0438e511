package io.frontier.store.coverage;

import io.frontier.store.error.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Base64;

/**
 * The wire form of a {@link Coverage}: its tuples, ascending, as the gaps between them (the first
 * one from 0) in unsigned LEB128 varints, in base64. A child's coverage is sent with every RESULT
 * and decoded by the coordinator once per child: as a JSON array of integers it was a fifth of the
 * coordinator's CPU (measured); packed, most gaps take one or two bytes. Stateless.
 */
final class PackedTuples {

    private static final Base64.Encoder ENCODER = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getDecoder();

    private PackedTuples() {
    }

    /** {@code tuples}, strictly ascending and non-negative, packed. */
    static String pack(int[] tuples) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(tuples.length * 2 + 1);
        int previous = 0;
        for (int tuple : tuples) {
            int gap = tuple - previous;
            previous = tuple;
            while ((gap & ~0x7f) != 0) {
                bytes.write((gap & 0x7f) | 0x80);
                gap >>>= 7;
            }
            bytes.write(gap);
        }
        return ENCODER.encodeToString(bytes.toByteArray());
    }

    /**
     * The tuples of {@code packed}, strictly ascending: the first may be 0, every later one lies
     * above the one before (a gap of 0 after the first would repeat it). At most
     * {@code maxTuples}, each below {@code limit}.
     *
     * @throws InvalidInputException for anything else: not base64, a varint cut short or too long,
     *     a repeated tuple, a tuple out of range, too many tuples
     */
    static int[] unpack(String packed, int maxTuples, int limit) {
        byte[] bytes;
        try {
            bytes = DECODER.decode(packed);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("coverage is not base64").with("problem", e.getMessage());
        }
        int[] tuples = new int[Math.min(bytes.length, maxTuples + 1)];
        int count = 0;
        long previous = 0;
        int at = 0;
        while (at < bytes.length) {
            long gap = 0;
            int shift = 0;
            int b;
            do {
                if (at == bytes.length || shift > 28) {
                    throw new InvalidInputException("coverage holds a varint cut short or longer than an int")
                            .with("at", at);
                }
                b = bytes[at++] & 0xff;
                gap |= (long) (b & 0x7f) << shift;
                shift += 7;
            } while ((b & 0x80) != 0);
            if (count > 0 && gap == 0) {
                throw new InvalidInputException("coverage repeats a tuple").with("tuple", previous);
            }
            long tuple = previous + gap;
            if (tuple >= limit) {
                throw new InvalidInputException("coverage tuple out of range").with("tuple", tuple).with("limit", limit);
            }
            if (count == maxTuples) {
                throw new InvalidInputException("coverage has more tuples than allowed").with("max", maxTuples);
            }
            tuples[count++] = (int) tuple;
            previous = tuple;
        }
        return Arrays.copyOf(tuples, count);
    }
}
