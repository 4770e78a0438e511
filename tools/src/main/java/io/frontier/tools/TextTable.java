package io.frontier.tools;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Rows of text printed as left-aligned columns under a header, for human output. */
public final class TextTable {

    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    public TextTable(String... header) {
        this.columns = header.length;
        rows.add(header.clone());
    }

    /** Adds a row of exactly as many cells as the header; a null cell prints as "-". */
    public TextTable row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("a row needs " + columns + " cells, got " + cells.length);
        }
        String[] row = new String[columns];
        for (int i = 0; i < columns; i++) {
            row[i] = cells[i] == null ? "-" : cells[i].toString();
        }
        rows.add(row);
        return this;
    }

    /** Rows added after the header. */
    public int size() {
        return rows.size() - 1;
    }

    /** Prints the header and the rows, two spaces between columns, no trailing blanks. */
    public void print(PrintWriter out) {
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(row[i]);
                if (i < columns - 1) {
                    line.append(" ".repeat(widths[i] - row[i].length() + 2));
                }
            }
            out.println(line.toString().stripTrailing());
        }
        out.flush();
    }
}
