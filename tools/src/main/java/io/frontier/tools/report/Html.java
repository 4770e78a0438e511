package io.frontier.tools.report;

/**
 * Escaping of text put into the report's HTML and SVG. Every string that comes from the campaign
 * (names, owners, signatures, reasons, paths) goes through {@link #escape} before it is written,
 * in element content and in quoted attribute values alike.
 */
final class Html {

    private Html() {
    }

    /** {@code text} with {@code & < > " '} replaced by character references; null becomes "". */
    static String escape(Object text) {
        if (text == null) {
            return "";
        }
        String value = text.toString();
        StringBuilder escaped = new StringBuilder(value.length() + 16);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
