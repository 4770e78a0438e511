package io.frontier.tools.report;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The report's plots as inline SVG, drawn here from numbers so the page needs no script and no
 * network: a line over time, several named lines over time, vertical bars over a numeric axis,
 * and ranked horizontal bars. Every
 * text is escaped with {@link Html#escape}. Each plot is an {@code <svg>} element with the given
 * id, a {@code <title>} and fixed width; a plot without data says so instead of drawing axes.
 */
final class Plots {

    static final int WIDTH = 560;
    static final int HEIGHT = 280;
    /** Horizontal bars drawn at most; the rest are only in the table. */
    static final int MAX_RANKED_BARS = 30;

    private static final int LEFT = 64;
    private static final int RIGHT = 20;
    private static final int TOP = 16;
    private static final int BOTTOM = 48;
    private static final int BAR_PITCH = 22;
    private static final String LINE = "#2f6fb0";
    private static final String FILL = "#4a90d9";
    /** The colours of the lines of one plot, in order; the first is {@link #LINE}. */
    static final List<String> PALETTE = List.of(LINE, "#d9822b", "#3a9e4f", "#b23a48", "#7d5ba6", "#6b6b6b");
    /** Room for a legend entry at the top right: its mark and about fifteen characters. */
    private static final int LEGEND_WIDTH = 110;

    private Plots() {
    }

    /** One point of a plot: {@code x} along the axis, {@code y} its value. */
    record Point(double x, double y) {
    }

    /** One horizontal bar. */
    record Bar(String label, long value) {
    }

    /** One named line of a plot with several. */
    record Line(String label, List<Point> points) {
    }

    /**
     * A line over time. {@code points} have {@code x} in seconds from the start, in order; the
     * axis shows seconds, minutes, hours or days, whichever fits the span.
     */
    static String timeLine(String id, String title, String yLabel, List<Point> points) {
        StringBuilder svg = open(id, title, WIDTH, HEIGHT);
        if (points.isEmpty()) {
            return empty(svg, "no committed results yet");
        }
        double span = points.get(points.size() - 1).x();
        TimeUnit unit = TimeUnit.fitting(span);
        Ticks xTicks = Ticks.covering(span / unit.seconds, false);
        Ticks yTicks = Ticks.covering(points.stream().mapToDouble(Point::y).max().orElse(0), true);
        Frame frame = new Frame(WIDTH, HEIGHT, LEFT, xTicks.end(), yTicks.end());
        frame.axes(svg, xTicks, 0, yTicks, "time since the first commit (" + unit.label + ")", yLabel);
        series(svg, frame, unit, points, LINE);
        return svg.append("</svg>").toString();
    }

    /**
     * Several lines over time on one pair of axes, as {@link #timeLine} draws one: each in a colour
     * of its own, in the order given (the {@link #PALETTE} repeats after its last), named in a
     * legend at the top right. A plot whose lines have no point says so instead of drawing axes.
     */
    static String timeLines(String id, String title, String yLabel, List<Line> lines) {
        StringBuilder svg = open(id, title, WIDTH, HEIGHT);
        List<Point> all = lines.stream().flatMap(line -> line.points().stream()).toList();
        if (all.isEmpty()) {
            return empty(svg, "no committed results yet");
        }
        double span = all.stream().mapToDouble(Point::x).max().orElse(0);
        TimeUnit unit = TimeUnit.fitting(span);
        Ticks xTicks = Ticks.covering(span / unit.seconds, false);
        Ticks yTicks = Ticks.covering(all.stream().mapToDouble(Point::y).max().orElse(0), true);
        Frame frame = new Frame(WIDTH, HEIGHT, LEFT, xTicks.end(), yTicks.end());
        frame.axes(svg, xTicks, 0, yTicks, "time since the first commit (" + unit.label + ")", yLabel);
        for (int i = 0; i < lines.size(); i++) {
            series(svg, frame, unit, lines.get(i).points(), PALETTE.get(i % PALETTE.size()));
        }
        for (int i = 0; i < lines.size(); i++) {
            int x = WIDTH - RIGHT - LEGEND_WIDTH;
            int y = TOP + 4 + i * 16;
            svg.append("<rect class=\"legend-mark\" x=\"").append(x).append("\" y=\"").append(y)
                    .append("\" width=\"10\" height=\"10\" fill=\"").append(PALETTE.get(i % PALETTE.size())).append("\"/>");
            svg.append("<text class=\"legend\" x=\"").append(x + 14).append("\" y=\"").append(y + 9).append("\">")
                    .append(Html.escape(lines.get(i).label())).append("</text>");
        }
        return svg.append("</svg>").toString();
    }

    /** One line through {@code points} in {@code colour}, with a dot on each point when there are few. */
    private static void series(StringBuilder svg, Frame frame, TimeUnit unit, List<Point> points, String colour) {
        StringBuilder path = new StringBuilder();
        for (Point point : points) {
            path.append(path.length() == 0 ? "M" : " L").append(fmt(frame.x(point.x() / unit.seconds))).append(',')
                    .append(fmt(frame.y(point.y())));
        }
        svg.append("<path class=\"series\" d=\"").append(path).append("\" fill=\"none\" stroke=\"").append(colour)
                .append("\" stroke-width=\"2\"/>");
        if (points.size() <= 60) {
            for (Point point : points) {
                svg.append("<circle cx=\"").append(fmt(frame.x(point.x() / unit.seconds))).append("\" cy=\"")
                        .append(fmt(frame.y(point.y()))).append("\" r=\"3\" fill=\"").append(colour).append("\"/>");
            }
        }
    }

    /**
     * Vertical bars at whole numbers 0, 1, 2, ... of the x axis (e.g. depths): bar {@code n}
     * spans {@code [n, n + 1)}, labelled at its middle.
     */
    static String columns(String id, String title, String xLabel, String yLabel, List<Point> bars) {
        StringBuilder svg = open(id, title, WIDTH, HEIGHT);
        if (bars.isEmpty()) {
            return empty(svg, "no committed results yet");
        }
        double maxX = bars.stream().mapToDouble(Point::x).max().orElse(0);
        Ticks xTicks = Ticks.covering(maxX + 1, true);
        Ticks yTicks = Ticks.covering(bars.stream().mapToDouble(Point::y).max().orElse(0), true);
        Frame frame = new Frame(WIDTH, HEIGHT, LEFT, xTicks.end(), yTicks.end());
        frame.axes(svg, xTicks, 0.5, yTicks, xLabel, yLabel);
        double width = Math.max(1, (frame.x(1) - frame.x(0)) * 0.8);
        for (Point bar : bars) {
            double left = frame.x(bar.x()) + (frame.x(1) - frame.x(0) - width) / 2;
            double top = frame.y(bar.y());
            svg.append("<rect class=\"bar\" x=\"").append(fmt(left)).append("\" y=\"").append(fmt(top))
                    .append("\" width=\"").append(fmt(width)).append("\" height=\"").append(fmt(frame.y(0) - top))
                    .append("\" fill=\"").append(FILL).append("\"><title>").append(Html.escape(xLabel)).append(' ')
                    .append(fmt(bar.x())).append(": ").append((long) bar.y()).append("</title></rect>");
        }
        return svg.append("</svg>").toString();
    }

    /**
     * Horizontal bars, one per label, the largest {@link #MAX_RANKED_BARS} in the order given,
     * each with its value written after it.
     */
    static String ranked(String id, String title, String valueLabel, List<Bar> bars) {
        List<Bar> shown = bars.size() <= MAX_RANKED_BARS ? bars
                : bars.stream().sorted(Comparator.comparingLong(Bar::value).reversed()).limit(MAX_RANKED_BARS)
                        .sorted(Comparator.comparingInt(bars::indexOf)).toList();
        int longest = shown.stream().mapToInt(bar -> bar.label().length()).max().orElse(0);
        int left = Math.min(240, Math.max(LEFT, 12 + 7 * longest));
        int height = TOP + BOTTOM + Math.max(1, shown.size()) * BAR_PITCH;
        StringBuilder svg = open(id, title, WIDTH, height);
        if (shown.isEmpty()) {
            return empty(svg, "no committed results yet");
        }
        Ticks xTicks = Ticks.covering(shown.stream().mapToLong(Bar::value).max().orElse(0), true);
        double plotWidth = WIDTH - left - RIGHT - 40;
        double bottom = height - BOTTOM;
        for (double tick : xTicks.values()) {
            double x = left + plotWidth * tick / xTicks.end();
            svg.append("<line class=\"grid\" x1=\"").append(fmt(x)).append("\" y1=\"").append(TOP).append("\" x2=\"")
                    .append(fmt(x)).append("\" y2=\"").append(fmt(bottom)).append("\"/>");
            svg.append("<text class=\"tick\" x=\"").append(fmt(x)).append("\" y=\"").append(fmt(bottom + 16))
                    .append("\" text-anchor=\"middle\">").append(Html.escape(xTicks.label(tick))).append("</text>");
        }
        for (int i = 0; i < shown.size(); i++) {
            Bar bar = shown.get(i);
            double y = TOP + i * BAR_PITCH;
            double length = plotWidth * bar.value() / xTicks.end();
            svg.append("<text class=\"label\" x=\"").append(left - 6).append("\" y=\"").append(fmt(y + 15))
                    .append("\" text-anchor=\"end\">").append(Html.escape(bar.label())).append("</text>");
            svg.append("<rect class=\"bar\" x=\"").append(left).append("\" y=\"").append(fmt(y + 3)).append("\" width=\"")
                    .append(fmt(length)).append("\" height=\"").append(BAR_PITCH - 6).append("\" fill=\"").append(FILL)
                    .append("\"/>");
            svg.append("<text class=\"value\" x=\"").append(fmt(left + length + 4)).append("\" y=\"").append(fmt(y + 15))
                    .append("\">").append(bar.value()).append("</text>");
        }
        svg.append("<text class=\"axis-label\" x=\"").append(fmt(left + plotWidth / 2)).append("\" y=\"")
                .append(height - 8).append("\" text-anchor=\"middle\">").append(Html.escape(valueLabel)).append("</text>");
        return svg.append("</svg>").toString();
    }

    private static StringBuilder open(String id, String title, int width, int height) {
        return new StringBuilder(4096).append("<svg id=\"").append(Html.escape(id))
                .append("\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"").append(width)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ')
                .append(height).append("\" aria-label=\"").append(Html.escape(title)).append("\"><title>")
                .append(Html.escape(title)).append("</title>");
    }

    private static String empty(StringBuilder svg, String message) {
        return svg.append("<text class=\"empty\" x=\"50%\" y=\"50%\" text-anchor=\"middle\">").append(Html.escape(message))
                .append("</text></svg>").toString();
    }

    /** A coordinate with one decimal, as SVG reads it. */
    static String fmt(double value) {
        String text = String.format(Locale.ROOT, "%.1f", value);
        return text.endsWith(".0") ? text.substring(0, text.length() - 2) : text;
    }

    /** The unit a time axis counts in. */
    private enum TimeUnit {
        SECONDS(1, "s"), MINUTES(60, "min"), HOURS(3600, "h"), DAYS(86_400, "d");

        final double seconds;
        final String label;

        TimeUnit(double seconds, String label) {
            this.seconds = seconds;
            this.label = label;
        }

        /** The largest unit of which {@code span} seconds make at least two. */
        static TimeUnit fitting(double span) {
            TimeUnit fitting = SECONDS;
            for (TimeUnit unit : values()) {
                if (span >= 2 * unit.seconds) {
                    fitting = unit;
                }
            }
            return fitting;
        }
    }

    /** The plotting area of a chart with axes from 0 to {@code xEnd} and 0 to {@code yEnd}. */
    private record Frame(int width, int height, int left, double xEnd, double yEnd) {

        double x(double value) {
            return left + (width - left - RIGHT) * value / xEnd;
        }

        double y(double value) {
            return height - BOTTOM - (height - BOTTOM - TOP) * value / yEnd;
        }

        /** Grid, ticks and labels; x tick labels sit {@code xShift} to the right of their value. */
        void axes(StringBuilder svg, Ticks xTicks, double xShift, Ticks yTicks, String xLabel, String yLabel) {
            for (double tick : yTicks.values()) {
                svg.append("<line class=\"grid\" x1=\"").append(left).append("\" y1=\"").append(fmt(y(tick)))
                        .append("\" x2=\"").append(width - RIGHT).append("\" y2=\"").append(fmt(y(tick))).append("\"/>");
                svg.append("<text class=\"tick\" x=\"").append(left - 6).append("\" y=\"").append(fmt(y(tick) + 4))
                        .append("\" text-anchor=\"end\">").append(Html.escape(yTicks.label(tick))).append("</text>");
            }
            for (double value : xTicks.values()) {
                double tick = value + xShift;
                if (tick > xEnd) {
                    continue;
                }
                svg.append("<line class=\"tick-mark\" x1=\"").append(fmt(x(tick))).append("\" y1=\"")
                        .append(fmt(y(0))).append("\" x2=\"").append(fmt(x(tick))).append("\" y2=\"").append(fmt(y(0) + 4))
                        .append("\"/>");
                svg.append("<text class=\"tick\" x=\"").append(fmt(x(tick))).append("\" y=\"").append(fmt(y(0) + 17))
                        .append("\" text-anchor=\"middle\">").append(Html.escape(xTicks.label(value))).append("</text>");
            }
            svg.append("<line class=\"axis\" x1=\"").append(left).append("\" y1=\"").append(fmt(y(0))).append("\" x2=\"")
                    .append(width - RIGHT).append("\" y2=\"").append(fmt(y(0))).append("\"/>");
            svg.append("<line class=\"axis\" x1=\"").append(left).append("\" y1=\"").append(TOP).append("\" x2=\"")
                    .append(left).append("\" y2=\"").append(fmt(y(0))).append("\"/>");
            svg.append("<text class=\"axis-label\" x=\"").append(fmt(left + (width - left - RIGHT) / 2.0))
                    .append("\" y=\"").append(height - 8).append("\" text-anchor=\"middle\">").append(Html.escape(xLabel))
                    .append("</text>");
            svg.append("<text class=\"axis-label\" transform=\"translate(14,").append(fmt((TOP + y(0)) / 2))
                    .append(") rotate(-90)\" text-anchor=\"middle\">").append(Html.escape(yLabel)).append("</text>");
        }
    }
}
