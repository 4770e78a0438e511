package io.frontier.store.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.Digest;
import io.frontier.store.error.InvalidInputException;
import org.junit.jupiter.api.Test;

class ValueTypesTest {

    @Test
    void aWorkIdIsTheDigestOfItsInputAndRoundTripsThroughItsBytes() {
        Digest id = Digest.parse("0f".repeat(32));
        assertThat(Digest.of(id.bytes())).isEqualTo(id);
        assertThatThrownBy(() -> Digest.of(new byte[31])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void emptyTokenHasItsOwnMessage() {
        assertThatThrownBy(() -> Token.of("")).isInstanceOf(InvalidInputException.class).hasMessage("token is empty");
        assertThatThrownBy(() -> Token.of(null)).isInstanceOf(InvalidInputException.class).hasMessage("token is empty");
        assertThatThrownBy(() -> Token.of("xyz")).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void campaignIdsAre128RandomBitsInLowerCaseHexAndAnythingElseIsRefused() {
        String id = CampaignIdentity.newId();
        assertThat(id).matches("[0-9a-f]{32}").isNotEqualTo(CampaignIdentity.newId());
        assertThat(CampaignIdentity.of(id, null).home()).isNull();
        assertThatThrownBy(() -> CampaignIdentity.of(id.toUpperCase(), 1L)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("32 lower-case hex digits");
        assertThatThrownBy(() -> CampaignIdentity.of(id.substring(1), 1L)).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> CampaignIdentity.of(null, 1L)).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void randomTokensAndResultIdsAreValidAndDistinct() {
        assertThat(Token.random()).isNotEqualTo(Token.random());
        ResultId result = ResultId.random();
        assertThat(ResultId.fromBytes(result.bytes())).isEqualTo(result);
    }

    @Test
    void ownerMustBePrintableAsciiWithoutSpaces() {
        assertThatThrownBy(() -> Owner.of("")).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> Owner.of("rank 0")).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> Owner.of("x".repeat(129))).isInstanceOf(InvalidInputException.class);
        assertThat(Owner.of("job-1/rank-0").name()).isEqualTo("job-1/rank-0");
    }

    @Test
    void timesRejectNanInfinityAndNegatives() {
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1e-9}) {
            assertThatThrownBy(() -> Times.instant("now", bad)).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("time is NaN, infinite or negative");
            assertThatThrownBy(() -> Times.duration("ttl", bad)).isInstanceOf(InvalidInputException.class);
        }
        assertThatThrownBy(() -> Times.duration("ttl", 0.0)).isInstanceOf(InvalidInputException.class);
        assertThat(Times.instant("now", -0.0)).isEqualTo(0.0);
        assertThat(Double.doubleToRawLongBits(Times.instant("now", -0.0))).isZero();
    }
}
