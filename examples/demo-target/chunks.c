/*
 * The demo target of Frontier's hybrid campaign: a parser of FCK, a tiny chunked format, with one
 * planted memory-safety bug that a fuzzer reaches only through several nested one-byte checks.
 *
 *   file    := 'F' 'C' 'K' version chunk*          version is 2
 *   chunk   := type length payload[length]         length is one byte
 *   type 'T' text:    printable bytes, kept in a 32-byte title (longer text is cut)
 *   type 'N' number:  4 bytes, big-endian, not zero
 *   type 'G' group:   its payload is chunks again, nested at most 3 deep
 *   type 'P' palette: mode, count, then per mode
 *                     mode 1 (rgb):  count * 3 bytes of colours
 *                     mode 0x80 (ramp), inside a group only: a step byte; the palette is a
 *                     ramp of count entries
 *
 * The bug: a ramp palette is built in an 8-entry table, but the count is checked against the
 * format's limit of 16 entries, so a ramp of 9 to 16 entries writes past the table
 * (stack-buffer-overflow under AddressSanitizer). To get there an input needs, one byte each:
 * the magic and version, a group chunk, a palette chunk inside it, mode 0x80 and a count of 9
 * to 16. The seeds in seeds/ are valid files that do not crash.
 *
 * Reads the file named by its first argument, or standard input without one. Exits 0 when the
 * file is valid, 1 when it is not, 2 when it cannot be read.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INPUT 4096
#define MAX_DEPTH 3
#define MAX_PALETTE 16
#define RAMP_TABLE 8

struct document {
    char title[33];
    uint32_t numbers;
    uint32_t colours;
    uint32_t checksum;
    /* Why the file is invalid, or NULL. */
    const char *error;
};

static int parse_chunks(struct document *doc, const uint8_t *data, size_t size, int depth);

static int invalid(struct document *doc, const char *error) {
    doc->error = error;
    return -1;
}

static int parse_text(struct document *doc, const uint8_t *payload, size_t length) {
    size_t kept = length < 32 ? length : 32;
    for (size_t i = 0; i < length; i++) {
        if (payload[i] < 0x20 || payload[i] > 0x7e) {
            return invalid(doc, "text is not printable");
        }
    }
    memcpy(doc->title, payload, kept);
    doc->title[kept] = '\0';
    return 0;
}

static int parse_number(struct document *doc, const uint8_t *payload, size_t length) {
    if (length != 4) {
        return invalid(doc, "number is not 4 bytes");
    }
    uint32_t value = (uint32_t) payload[0] << 24 | (uint32_t) payload[1] << 16
            | (uint32_t) payload[2] << 8 | payload[3];
    if (value == 0) {
        return invalid(doc, "number is zero");
    }
    doc->numbers++;
    doc->checksum ^= value;
    return 0;
}

static uint32_t fill_ramp(uint8_t step, uint8_t count) {
    uint8_t table[RAMP_TABLE];
    uint32_t sum = 0;
    for (uint8_t i = 0; i < count; i++) {
        table[i] = (uint8_t) (i * step);
    }
    for (uint8_t i = 0; i < count && i < RAMP_TABLE; i++) {
        sum += table[i];
    }
    return sum;
}

static int parse_palette(struct document *doc, const uint8_t *payload, size_t length, int depth) {
    if (length < 3) {
        return invalid(doc, "palette is shorter than 3 bytes");
    }
    uint8_t mode = payload[0];
    if (mode == 1) {
        uint8_t count = payload[1];
        if (count == 0 || count > MAX_PALETTE) {
            return invalid(doc, "rgb palette count out of range");
        }
        if (length != 2 + (size_t) count * 3) {
            return invalid(doc, "rgb palette length does not match its count");
        }
        for (size_t i = 0; i < (size_t) count * 3; i++) {
            doc->checksum = doc->checksum * 31 + payload[2 + i];
        }
        doc->colours += count;
        return 0;
    }
    if (mode == 0x80) {
        if (depth == 0) {
            return invalid(doc, "ramp palette outside a group");
        }
        uint8_t count = payload[1];
        if (count == 0) {
            return invalid(doc, "ramp palette is empty");
        }
        if (count > MAX_PALETTE) {
            return invalid(doc, "ramp palette count out of range");
        }
        doc->checksum += fill_ramp(payload[2], count);
        doc->colours += count;
        return 0;
    }
    return invalid(doc, "unknown palette mode");
}

static int parse_chunk(struct document *doc, uint8_t type, const uint8_t *payload, size_t length, int depth) {
    switch (type) {
    case 'T':
        return parse_text(doc, payload, length);
    case 'N':
        return parse_number(doc, payload, length);
    case 'G':
        if (depth + 1 >= MAX_DEPTH) {
            return invalid(doc, "groups nested too deep");
        }
        return parse_chunks(doc, payload, length, depth + 1);
    case 'P':
        return parse_palette(doc, payload, length, depth);
    default:
        return invalid(doc, "unknown chunk type");
    }
}

static int parse_chunks(struct document *doc, const uint8_t *data, size_t size, int depth) {
    size_t at = 0;
    while (at < size) {
        if (size - at < 2) {
            return invalid(doc, "chunk header cut short");
        }
        uint8_t type = data[at];
        size_t length = data[at + 1];
        at += 2;
        if (length > size - at) {
            return invalid(doc, "chunk longer than its container");
        }
        if (parse_chunk(doc, type, data + at, length, depth) != 0) {
            return -1;
        }
        at += length;
    }
    return 0;
}

static int parse_file(struct document *doc, const uint8_t *data, size_t size) {
    if (size < 4) {
        return invalid(doc, "file shorter than its header");
    }
    if (data[0] != 'F') {
        return invalid(doc, "bad magic byte 0");
    }
    if (data[1] != 'C') {
        return invalid(doc, "bad magic byte 1");
    }
    if (data[2] != 'K') {
        return invalid(doc, "bad magic byte 2");
    }
    if (data[3] != 2) {
        return invalid(doc, "unsupported version");
    }
    return parse_chunks(doc, data + 4, size - 4, 0);
}

int main(int argc, char **argv) {
    FILE *in = stdin;
    if (argc > 1) {
        in = fopen(argv[1], "rb");
        if (in == NULL) {
            perror("chunks: cannot open input");
            return 2;
        }
    }
    uint8_t *data = malloc(MAX_INPUT);
    if (data == NULL) {
        return 2;
    }
    size_t size = fread(data, 1, MAX_INPUT, in);
    if (in != stdin) {
        fclose(in);
    }
    struct document doc;
    memset(&doc, 0, sizeof doc);
    int status = parse_file(&doc, data, size) == 0 ? 0 : 1;
    if (status == 0) {
        printf("title=\"%s\" numbers=%u colours=%u checksum=%08x\n", doc.title, doc.numbers, doc.colours,
                doc.checksum);
    } else {
        fprintf(stderr, "chunks: invalid file: %s\n", doc.error);
    }
    free(data);
    return status;
}
