package io.frontier.store.pruning;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.frontier.store.error.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * A SymCC pruning map: the file SymCC's QSYM backend reads from {@code SYMCC_AFL_COVERAGE_MAP}
 * when a run starts and rewrites when the run finds something new, {@link #BYTES} bytes (a
 * branch map of 65,536 bytes, then a context map of as many) in which a set bit means "seen".
 * Frontier treats the bits as opaque and merges maps only with bitwise OR, as SymCC itself
 * only ever sets them; so merging is commutative, associative and idempotent, and a map merged
 * twice, or from a repeated message, is the same map.
 *
 * <p>Immutable. A file shorter than {@link #BYTES} reads as zero-padded, as SymCC reads it; a
 * longer one is refused. The wire form ({@link #encoded()}: the map deflated, then base64) is
 * computed once per instance, so a map handed to many workers is compressed once.
 */
public final class PruningMap {

    /** Bytes of SymCC's map file: its branch map and its context map. */
    public static final int BYTES = 2 * 65_536;
    /** Bytes per stored shard: the edge map's shard width, 4 KiB per value. */
    public static final int SHARD_BYTES = 4096;
    /** Shards of one map. */
    public static final int SHARDS = BYTES / SHARD_BYTES;

    private static final PruningMap EMPTY = new PruningMap(new byte[BYTES]);

    /** The map's bytes, exactly {@link #BYTES}; never changed once the instance exists. */
    private final byte[] bits;
    /** {@link #encoded()}, once computed. */
    private volatile String encoded;

    private PruningMap(byte[] bits) {
        this.bits = bits;
    }

    /** The map with no bit set: what SymCC starts from without a file. */
    public static PruningMap empty() {
        return EMPTY;
    }

    /**
     * The map a file of these bytes holds, zero-padded to {@link #BYTES}.
     *
     * @throws InvalidInputException if {@code file} is longer than {@link #BYTES}: not a map
     *     SymCC wrote
     */
    public static PruningMap of(byte[] file) {
        if (file == null || file.length > BYTES) {
            throw new InvalidInputException("pruning map is longer than SymCC's map")
                    .with("bytes", file == null ? "null" : file.length).with("max", BYTES);
        }
        return new PruningMap(Arrays.copyOf(file, BYTES));
    }

    /**
     * The map whose shards are {@code shards} (shard number to its {@link #SHARD_BYTES} bytes);
     * missing shards are empty.
     *
     * @throws InvalidInputException for a shard number out of range or a shard of another width
     */
    public static PruningMap ofShards(Map<Integer, byte[]> shards) {
        byte[] bits = new byte[BYTES];
        shards.forEach((shard, value) -> {
            if (shard == null || shard < 0 || shard >= SHARDS || value == null || value.length != SHARD_BYTES) {
                throw new InvalidInputException("pruning map shard out of range or not of the shard width")
                        .with("shard", shard).with("bytes", value == null ? "null" : value.length)
                        .with("width", SHARD_BYTES);
            }
            System.arraycopy(value, 0, bits, shard * SHARD_BYTES, SHARD_BYTES);
        });
        return new PruningMap(bits);
    }

    /** This map with every bit of {@code other} set too; this instance if {@code other} adds none. */
    public PruningMap or(PruningMap other) {
        byte[] merged = null;
        for (int i = 0; i < BYTES; i++) {
            byte added = (byte) (other.bits[i] & ~bits[i]);
            if (added != 0) {
                if (merged == null) {
                    merged = bits.clone();
                }
                merged[i] |= added;
            }
        }
        return merged == null ? this : new PruningMap(merged);
    }

    /** The bits of this map that {@code other} does not have. */
    public PruningMap without(PruningMap other) {
        byte[] left = new byte[BYTES];
        boolean any = false;
        for (int i = 0; i < BYTES; i++) {
            left[i] = (byte) (bits[i] & ~other.bits[i]);
            any |= left[i] != 0;
        }
        return any ? new PruningMap(left) : EMPTY;
    }

    /** True if no bit is set. */
    public boolean isEmpty() {
        return this == EMPTY || Arrays.equals(bits, EMPTY.bits);
    }

    /** Whether bit {@code bit} is set: bit {@code bit % 8} of byte {@code bit / 8}. */
    public boolean isSet(int bit) {
        if (bit < 0 || bit >= BYTES * 8) {
            throw new InvalidInputException("pruning map bit out of range").with("bit", bit).with("bits", BYTES * 8);
        }
        return (bits[bit >>> 3] & (1 << (bit & 7))) != 0;
    }

    /** How many bits are set. */
    public long bitCount() {
        long count = 0;
        for (byte b : bits) {
            count += Integer.bitCount(b & 0xff);
        }
        return count;
    }

    /** The map as SymCC's file holds it: {@link #BYTES} bytes; a copy. */
    public byte[] bytes() {
        return bits.clone();
    }

    /**
     * The shards that hold a set bit, by shard number, each its full {@link #SHARD_BYTES}
     * (copies): the operands of one BIT_OR per shard, so that only shards with bits are written.
     */
    public Map<Integer, byte[]> shards() {
        Map<Integer, byte[]> shards = new TreeMap<>();
        for (int shard = 0; shard < SHARDS; shard++) {
            int from = shard * SHARD_BYTES;
            for (int i = from; i < from + SHARD_BYTES; i++) {
                if (bits[i] != 0) {
                    shards.put(shard, Arrays.copyOfRange(bits, from, from + SHARD_BYTES));
                    break;
                }
            }
        }
        return shards;
    }

    /**
     * The wire form: the {@link #BYTES} bytes deflated (zlib format, zlib's default level), then
     * base64. zlib's best level saves 5 to 15 percent on scattered bits but takes 10 to 30 times as
     * long on them (measured by the pruning map benchmark), on the coordinator's loop.
     */
    @JsonValue
    public String encoded() {
        String text = encoded;
        if (text == null) {
            Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
            try {
                deflater.setInput(bits);
                deflater.finish();
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                byte[] buffer = new byte[8192];
                while (!deflater.finished()) {
                    out.write(buffer, 0, deflater.deflate(buffer));
                }
                text = Base64.getEncoder().encodeToString(out.toByteArray());
            } finally {
                deflater.end();
            }
            encoded = text;
        }
        return text;
    }

    /**
     * The map whose wire form is {@code encoded}.
     *
     * @throws InvalidInputException if it is not base64 of one complete zlib stream, with nothing
     *     after it, of at most {@link #BYTES} bytes
     */
    @JsonCreator
    public static PruningMap decode(String encoded) {
        if (encoded == null) {
            throw new InvalidInputException("pruning map lacks its encoding");
        }
        byte[] compressed;
        try {
            compressed = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("pruning map is not base64").with("problem", e.getMessage());
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed);
            // One byte of room beyond the map's size shows a stream that holds more than a map.
            byte[] file = new byte[BYTES + 1];
            int length = 0;
            while (!inflater.finished() && length < file.length) {
                int inflated = inflater.inflate(file, length, file.length - length);
                if (inflated == 0 && !inflater.finished()) {
                    throw new InvalidInputException("pruning map's zlib stream is incomplete")
                            .with("compressedBytes", compressed.length);
                }
                length += inflated;
            }
            if (!inflater.finished() || length > BYTES) {
                throw new InvalidInputException("pruning map is longer than SymCC's map")
                        .with("bytes", "more than " + BYTES).with("max", BYTES);
            }
            if (inflater.getRemaining() > 0) {
                throw new InvalidInputException("pruning map's encoding has bytes after its zlib stream")
                        .with("trailing", inflater.getRemaining());
            }
            return of(Arrays.copyOf(file, length));
        } catch (DataFormatException e) {
            throw new InvalidInputException("pruning map is not a zlib stream").with("problem", e.getMessage());
        } finally {
            inflater.end();
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PruningMap map && Arrays.equals(bits, map.bits);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bits);
    }

    @Override
    public String toString() {
        return "PruningMap[bits=" + bitCount() + "]";
    }
}
