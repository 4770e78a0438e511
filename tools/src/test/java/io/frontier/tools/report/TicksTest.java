package io.frontier.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TicksTest {

    @Test
    void ticksAreRoundStepsFromZeroToAtLeastTheLargestValue() {
        assertThat(Ticks.covering(9, true).values()).containsExactly(0.0, 2.0, 4.0, 6.0, 8.0, 10.0);
        assertThat(Ticks.covering(7, true).values()).hasSize(8).endsWith(7.0);
        assertThat(Ticks.covering(100, true).values()).containsExactly(0.0, 20.0, 40.0, 60.0, 80.0, 100.0);
        assertThat(Ticks.covering(2.5, false).step()).isEqualTo(0.5);
        assertThat(Ticks.covering(2.5, false).end()).isEqualTo(2.5);
        assertThat(Ticks.covering(3, true).step()).as("counts step by whole numbers").isEqualTo(1);
    }

    @Test
    void nothingToShowStillGivesAnAxisFromZeroToOne() {
        assertThat(Ticks.covering(0, true).values()).containsExactly(0.0, 1.0);
        assertThat(Ticks.covering(0, false).end()).isEqualTo(1.0);
    }

    @Test
    void labelsHaveTheStepsDecimalsAndLargeValuesAUnit() {
        Ticks fractions = Ticks.covering(0.3, false);

        assertThat(fractions.label(0.05)).isEqualTo("0.05");
        assertThat(fractions.label(0)).isEqualTo("0.00");
        assertThat(Ticks.covering(8, true).label(6)).isEqualTo("6");
        assertThat(Ticks.covering(50_000, true).label(20_000)).isEqualTo("20k");
        assertThat(Ticks.covering(5_000_000, true).label(2_500_000)).isEqualTo("2.5M");
    }
}
