/*
 * A target for the real SymCC test: nested byte comparisons guard an abort(). Each comparison
 * needs one more solved byte, so a concolic executor reaches the abort only by running its own
 * outputs again, one level deeper each time; random inputs almost never do (1 in 2^32).
 *
 * Reads at most 16 bytes from the file named by its first argument, or from standard input.
 * Exits 0 on every input except one that starts with the four bytes "FRNT".
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    FILE *in = stdin;
    if (argc > 1) {
        in = fopen(argv[1], "rb");
        if (in == NULL) {
            perror("nested: cannot open input");
            return 2;
        }
    }
    unsigned char bytes[16];
    size_t length = fread(bytes, 1, sizeof bytes, in);
    if (length >= 4) {
        if (bytes[0] == 'F') {
            if (bytes[1] == 'R') {
                if (bytes[2] == 'N') {
                    if (bytes[3] == 'T') {
                        abort();
                    }
                }
            }
        }
    }
    return 0;
}
