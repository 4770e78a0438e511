package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

class DigestTest {

    @Property
    void rawBytesRoundTripThroughTheHexSpelling(@ForAll @Size(32) byte[] raw) {
        Digest digest = Digest.of(raw);

        assertThat(digest.hex()).hasSize(64).matches("[0-9a-f]{64}");
        assertThat(digest).isEqualTo(digest);
        assertThat(HexFormat.of().parseHex(digest.hex())).isEqualTo(raw);
    }

    @Property
    void upperCaseSpellingIsRejected(@ForAll @Size(32) byte[] raw) {
        String upper = HexFormat.of().withUpperCase().formatHex(raw);
        if (upper.equals(upper.toLowerCase())) {
            return;
        }

        assertThat(Digest.isValid(upper)).isFalse();
        assertThatThrownBy(() -> Digest.parse(upper)).isInstanceOf(MalformedDigestException.class);
    }

    @Property
    void anyOtherLengthIsRejected(@ForAll("hexOfWrongLength") String text) {
        assertThat(Digest.isValid(text)).isFalse();
        assertThatThrownBy(() -> Digest.parse(text))
                .isInstanceOf(MalformedDigestException.class)
                .hasMessageContaining("length=" + text.length());
    }

    @Property
    void aSingleNonHexCharacterIsRejected(
            @ForAll @Size(32) byte[] raw,
            @ForAll("positions") int position,
            @ForAll("nonHexCharacters") char intruder) {
        char[] spelling = Digest.of(raw).hex().toCharArray();
        spelling[position] = intruder;
        String text = new String(spelling);

        assertThat(Digest.isValid(text)).isFalse();
        assertThatThrownBy(() -> Digest.parse(text)).isInstanceOf(MalformedDigestException.class);
    }

    @Example
    void nullIsRejected() {
        assertThat(Digest.isValid(null)).isFalse();
        assertThatThrownBy(() -> Digest.parse(null)).isInstanceOf(MalformedDigestException.class);
    }

    @Example
    void longInputIsCutInTheMessage() {
        String huge = "a".repeat(10_000);

        assertThatThrownBy(() -> Digest.parse(huge))
                .isInstanceOf(MalformedDigestException.class)
                .satisfies(failure -> assertThat(failure.getMessage()).hasSizeLessThan(300));
    }

    @Example
    void digestsOrderAndCompareByTheirSpelling() {
        Digest low = Digest.parse("0".repeat(64));
        Digest high = Digest.parse("f".repeat(64));

        assertThat(low).isLessThan(high);
        assertThat(low).isEqualTo(Digest.parse("0".repeat(64))).hasSameHashCodeAs(Digest.parse("0".repeat(64)));
        assertThat(low.toString()).isEqualTo("0".repeat(64));
    }

    @Provide
    Arbitrary<String> hexOfWrongLength() {
        return Arbitraries.strings().withChars("0123456789abcdef").ofMinLength(0).ofMaxLength(130)
                .filter(text -> text.length() != 64);
    }

    @Provide
    Arbitrary<Integer> positions() {
        return Arbitraries.integers().between(0, 63);
    }

    @Provide
    Arbitrary<Character> nonHexCharacters() {
        return Arbitraries.chars().filter(c -> !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')));
    }
}
