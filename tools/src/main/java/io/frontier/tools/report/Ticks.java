package io.frontier.tools.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tick marks of a plot axis that starts at 0: round steps of 1, 2 or 5 times a power of ten,
 * about five of them, the last at or above the largest value; and their labels.
 *
 * @param step the distance between ticks
 * @param values the ticks, from 0 up
 */
record Ticks(double step, List<Double> values) {

    /** Ticks from 0 covering {@code max}; integral steps only if {@code integral} (counts). */
    static Ticks covering(double max, boolean integral) {
        double top = max > 0 ? max : 1;
        double rough = top / 5;
        double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
        double normal = rough / magnitude;
        double step = (normal < 1.5 ? 1 : normal < 3 ? 2 : normal < 7 ? 5 : 10) * magnitude;
        if (integral) {
            step = Math.max(1, Math.round(step));
        }
        List<Double> values = new ArrayList<>();
        int count = (int) Math.ceil(top / step - 1e-9);
        for (int i = 0; i <= count; i++) {
            values.add(i * step);
        }
        return new Ticks(step, values);
    }

    /** The axis end: the last tick. */
    double end() {
        return values.get(values.size() - 1);
    }

    /** {@code value} as its tick label: no more decimals than the step needs; k, M, G from 10 000 up. */
    String label(double value) {
        if (Math.abs(value) >= 10_000) {
            return compact(value);
        }
        int decimals = Math.max(0, BigDecimal.valueOf(step).stripTrailingZeros().scale());
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    }

    private static String compact(double value) {
        String[] units = {"k", "M", "G", "T"};
        double scaled = value;
        int unit = -1;
        while (Math.abs(scaled) >= 1000 && unit < units.length - 1) {
            scaled /= 1000;
            unit++;
        }
        String number = BigDecimal.valueOf(scaled).setScale(1, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        return String.format(Locale.ROOT, "%s%s", number, units[unit]);
    }
}
