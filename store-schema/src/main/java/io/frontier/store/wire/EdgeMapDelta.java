package io.frontier.store.wire;

import io.frontier.store.coverage.EdgeMap;
import io.frontier.store.error.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * What an ASSIGN tells a worker of the campaign's edge map, so that the worker can judge a child
 * redundant before it stages or sends it: the shards that changed since the worker's copy was
 * last brought up to date, and whether the coordinator keeps redundant children at the moment.
 *
 * <p>The map only grows, so a child whose every tuple a copy holds, however old the copy, can
 * reach nothing new: the worker declares it redundant without its coverage (and, when
 * {@code keepRedundant} is false, does not stage it at all), and the coordinator records it
 * without triage. A child the copy does not cover is sent with its coverage and triaged as ever.
 *
 * @param version the coordinator's count of changes to its copy, which the worker remembers
 * @param shards whole shards, each the coordinator's copy of it now, to OR into the worker's
 * @param keepRedundant whether a child redundant on arrival would be kept now (tier 1 has room):
 *     if not, the worker does not stage one
 */
public record EdgeMapDelta(long version, List<Shard> shards, boolean keepRedundant) {

    public EdgeMapDelta {
        if (version < 0 || shards == null || shards.stream().anyMatch(Objects::isNull)) {
            throw new InvalidInputException("edge map delta has a negative version or a null shard")
                    .with("version", version);
        }
        shards = List.copyOf(shards);
    }

    /**
     * One shard of the edge map, {@link EdgeMap#SHARD_BYTES} bytes deflated in base64: a shard is
     * mostly zero bytes.
     *
     * @param number the shard's number
     */
    public record Shard(int number, String deflated) {

        public Shard {
            if (number < 0 || deflated == null) {
                throw new InvalidInputException("edge map shard lacks its number or bytes").with("number", number);
            }
        }

        /** The shard numbered {@code number} holding {@code bytes}. */
        public static Shard of(int number, byte[] bytes) {
            Deflater deflater = new Deflater(Deflater.BEST_SPEED);
            deflater.setInput(bytes);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(256);
            byte[] buffer = new byte[1024];
            while (!deflater.finished()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
            deflater.end();
            return new Shard(number, Base64.getEncoder().encodeToString(out.toByteArray()));
        }

        /**
         * The shard's bytes, exactly {@link EdgeMap#SHARD_BYTES} of them.
         *
         * @throws InvalidInputException if they are not base64, do not inflate, or are another length
         */
        public byte[] bytes() {
            Inflater inflater = new Inflater();
            try {
                inflater.setInput(Base64.getDecoder().decode(deflated));
                byte[] bytes = new byte[EdgeMap.SHARD_BYTES];
                int length = inflater.inflate(bytes);
                if (length != bytes.length || !inflater.finished()) {
                    throw new InvalidInputException("edge map shard does not inflate to one shard")
                            .with("number", number).with("bytes", length);
                }
                return bytes;
            } catch (IllegalArgumentException | DataFormatException e) {
                throw new InvalidInputException("edge map shard is not deflated base64").with("number", number)
                        .with("problem", e.getMessage());
            } finally {
                inflater.end();
            }
        }
    }
}
