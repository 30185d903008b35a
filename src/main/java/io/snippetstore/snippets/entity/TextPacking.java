package io.snippetstore.snippets.entity;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * How a revision's code and notes are stored: {@code deflate} (the UTF-8 in zlib's DEFLATE format, checksummed: what
 * the service writes) or {@code plain} (the UTF-8 as it is, what migration V15 copied). Whole
 * texts, not deltas, though deltas took a quarter of the room on the benchmark corpus
 * (docs/BENCHMARKS.md, "Revisions"): each revision reads alone (any two compared, one restored or
 * exported, without replaying a chain), pruning deletes rows, and a damaged row loses one version.
 */
public enum TextPacking {
    PLAIN,
    DEFLATE;

    public String storedName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static TextPacking fromStoredName(String name) {
        return valueOf(name.toUpperCase(java.util.Locale.ROOT));
    }

    public byte[] pack(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        if (this == PLAIN) {
            return utf8;
        }
        ByteArrayOutputStream packed = new ByteArrayOutputStream(Math.max(64, utf8.length / 3));
        try (DeflaterOutputStream out = new DeflaterOutputStream(packed)) {
            out.write(utf8);
        } catch (IOException e) {
            throw new UncheckedIOException("Memory streams do not fail", e);
        }
        return packed.toByteArray();
    }

    public String unpack(byte[] packed) {
        if (this == PLAIN) {
            return new String(packed, StandardCharsets.UTF_8);
        }
        try (InflaterInputStream in = new InflaterInputStream(new ByteArrayInputStream(packed))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            // a truncated or damaged text (zlib checks its Adler-32)
            throw new IllegalStateException("A stored revision's text cannot be read", e);
        }
    }
}
