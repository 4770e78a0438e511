package io.frontier.store.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class StoreOptionsTest {

    @Test
    void defaultsGiveEachExecutionFoundationDbsLifetimeAndTheCallMore() {
        assertThat(StoreOptions.DEFAULT.attemptTimeout()).isEqualTo(KeyLimits.MAX_TRANSACTION_AGE);
        assertThat(StoreOptions.DEFAULT.callTimeout()).isGreaterThan(StoreOptions.DEFAULT.attemptTimeout());
    }

    @Test
    void attemptTimeoutLongerThanFoundationDbAllowsIsRefused() {
        assertThatThrownBy(() -> StoreOptions.DEFAULT.withAttemptTimeout(KeyLimits.MAX_TRANSACTION_AGE.plusMillis(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StoreOptions.DEFAULT.withAttemptTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StoreOptions.DEFAULT.withCallTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StoreOptions.DEFAULT.withRetryLimit(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
