import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.DeflaterOutputStream;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;

/**
 * How much room a snippet's history takes, stored three ways, on the benchmark corpus
 * (SnippetLoader's snippets, about 1 KB of code each): every version whole and plain, every
 * version whole and deflated (what the service stores), and the first version whole with each
 * later one as a unified diff against the one before, deflated (deltas). Each snippet gets EDITS
 * edits like a person's: a changed line, an added function, a removed line, in turn.
 *
 * Usage: javac -cp java-diff-utils.jar -d target/bench bench/SnippetLoader.java bench/RevisionPacking.java
 *        java -cp target/bench:java-diff-utils.jar RevisionPacking SNIPPETS EDITS
 */
public class RevisionPacking {

    public static void main(String[] args) throws IOException {
        int snippets = Integer.parseInt(args[0]);
        int edits = Integer.parseInt(args[1]);
        Random random = new Random(11);
        long plain = 0;
        long deflated = 0;
        long deltas = 0;
        for (int n = 0; n < snippets; n++) {
            String code = SnippetLoader.fields(random, n).code();
            List<String> versions = new ArrayList<>(List.of(code));
            for (int e = 0; e < edits; e++) {
                versions.add(edit(random, versions.get(versions.size() - 1), e));
            }
            for (int v = 0; v < versions.size(); v++) {
                byte[] text = versions.get(v).getBytes(StandardCharsets.UTF_8);
                plain += text.length;
                deflated += deflate(text).length;
                if (v == 0) {
                    deltas += deflate(text).length;
                } else {
                    List<String> before = versions.get(v - 1).lines().toList();
                    List<String> after = versions.get(v).lines().toList();
                    String delta = String.join(
                            "\n",
                            UnifiedDiffUtils.generateUnifiedDiff("a", "b", before, DiffUtils.diff(before, after), 0));
                    deltas += deflate(delta.getBytes(StandardCharsets.UTF_8)).length;
                }
            }
        }
        long versions = (long) snippets * (edits + 1);
        System.out.printf(
                "| storage of %,d snippets × %d versions (code only) | bytes | per version | vs plain |%n",
                snippets, edits + 1);
        System.out.println("|---|---:|---:|---:|");
        row("whole, plain", plain, versions, plain);
        row("whole, deflated (stored)", deflated, versions, plain);
        row("first whole + deltas, deflated", deltas, versions, plain);
    }

    private static void row(String name, long bytes, long versions, long plain) {
        System.out.printf("| %s | %,d | %,d | %.2f |%n", name, bytes, bytes / versions, (double) bytes / plain);
    }

    /** A person's edit: a changed line, an added function, a removed line, in turn. */
    static String edit(Random random, String code, int turn) {
        List<String> lines = new ArrayList<>(code.lines().toList());
        int at = random.nextInt(lines.size());
        switch (turn % 3) {
            case 0 -> lines.set(at, lines.get(at) + " // " + SnippetLoader.identifier(random));
            case 1 ->
                lines.add(
                        at,
                        "    " + SnippetLoader.identifier(random) + "("
                                + SnippetLoader.identifier(random).toLowerCase() + ");");
            default -> {
                if (lines.size() > 1) {
                    lines.remove(at);
                }
            }
        }
        return String.join("\n", lines) + "\n";
    }

    static byte[] deflate(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream deflater = new DeflaterOutputStream(out)) {
            deflater.write(bytes);
        }
        return out.toByteArray();
    }
}
