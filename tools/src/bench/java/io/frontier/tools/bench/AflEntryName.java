package io.frontier.tools.bench;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the name of an entry of an AFL++ output directory ({@code queue/}, {@code crashes/},
 * {@code hangs/}) says about it. AFL++ 4.04c names an entry
 * {@code id:NNNNNN,src:...,time:<ms>,execs:...,op:...}, where {@code time} is the milliseconds
 * since that instance started fuzzing, counted after it calibrated its seeds; a seed's copy
 * {@code id:NNNNNN,time:0,execs:0,orig:<file>}; and an input it took from another instance
 * {@code id:NNNNNN,sync:<instance>,src:NNNNNN}, with no time.
 */
final class AflEntryName {

    private static final Pattern TIME = Pattern.compile("(?:^|,)time:(\\d+)(?:,|$)");

    private AflEntryName() {
    }

    /** Whether {@code name} is an entry at all: AFL++ also keeps a {@code README.txt} in {@code crashes/}. */
    static boolean isEntry(String name) {
        return name.startsWith("id:");
    }

    /** Whether the entry is AFL++'s copy of one of its seeds. */
    static boolean isSeedCopy(String name) {
        return name.contains(",orig:");
    }

    /** The entry's {@code time} field in milliseconds, absent when its name has none. */
    static OptionalLong timeMillis(String name) {
        Matcher time = TIME.matcher(name);
        return time.find() ? OptionalLong.of(Long.parseLong(time.group(1))) : OptionalLong.empty();
    }
}
