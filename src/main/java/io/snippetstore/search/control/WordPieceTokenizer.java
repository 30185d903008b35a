package io.snippetstore.search.control;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * BERT's uncased tokenizer, as the embedding model was trained with (its {@code tokenizer.json}: the
 * BERT normalizer with lower-casing and accents stripped, the BERT pre-tokenizer, WordPiece with
 * {@code ##} continuations): a text becomes {@code [CLS]}, its word pieces' ids, {@code [SEP]}, at
 * most {@code maxTokens} in all. Written here rather than taken from a library: the usual one (DJL's
 * Hugging Face tokenizers) is a native library unpacked to a fixed place under the user's home,
 * which a second class loader (a redeploy) cannot load again.
 */
final class WordPieceTokenizer {

    private static final String CONTINUATION = "##";
    private static final int MAX_CHARS_PER_WORD = 100;

    private final Map<String, Integer> vocabulary;
    private final int unknown;
    private final int start;
    private final int end;

    WordPieceTokenizer(Map<String, Integer> vocabulary) {
        this.vocabulary = Map.copyOf(vocabulary);
        this.unknown = id("[UNK]");
        this.start = id("[CLS]");
        this.end = id("[SEP]");
    }

    private int id(String token) {
        Integer id = vocabulary.get(token);
        if (id == null) {
            throw new IllegalArgumentException("The vocabulary has no " + token);
        }
        return id;
    }

    /** The ids of {@code text}'s tokens between {@code [CLS]} and {@code [SEP]}, cut to {@code maxTokens} in all. */
    long[] ids(String text, int maxTokens) {
        List<Integer> ids = new ArrayList<>();
        ids.add(start);
        int room = maxTokens - 2;
        for (String word : words(text)) {
            if (ids.size() - 1 >= room) {
                break;
            }
            pieces(word, ids);
        }
        List<Integer> kept = ids.size() - 1 > room ? ids.subList(0, room + 1) : ids;
        long[] result = new long[kept.size() + 1];
        for (int i = 0; i < kept.size(); i++) {
            result[i] = kept.get(i);
        }
        result[kept.size()] = end;
        return result;
    }

    /** The BERT normalizer and pre-tokenizer: cleaned, lower-cased, accents stripped, split at spaces and around punctuation and CJK. */
    static List<String> words(String text) {
        String folded = Normalizer.normalize(text.toLowerCase(java.util.Locale.ROOT), Normalizer.Form.NFD);
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < folded.length(); ) {
            int c = folded.codePointAt(i);
            i += Character.charCount(c);
            if (c == 0 || c == 0xFFFD || Character.getType(c) == Character.NON_SPACING_MARK || isControl(c)) {
                continue;
            }
            if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                flush(word, words);
            } else if (isPunctuation(c) || isCjk(c)) {
                flush(word, words);
                words.add(new String(Character.toChars(c)));
            } else {
                word.appendCodePoint(c);
            }
        }
        flush(word, words);
        return words;
    }

    /** Greedy longest-first WordPiece: the whole word is {@code [UNK]} when some part of it is in no piece. */
    private void pieces(String word, List<Integer> ids) {
        if (word.codePointCount(0, word.length()) > MAX_CHARS_PER_WORD) {
            ids.add(unknown);
            return;
        }
        List<Integer> found = new ArrayList<>();
        int from = 0;
        while (from < word.length()) {
            int to = word.length();
            Integer piece = null;
            while (to > from) {
                String candidate = (from > 0 ? CONTINUATION : "") + word.substring(from, to);
                piece = vocabulary.get(candidate);
                if (piece != null) {
                    break;
                }
                to -= Character.isLowSurrogate(word.charAt(to - 1)) && to - 2 >= from ? 2 : 1;
            }
            if (piece == null) {
                ids.add(unknown);
                return;
            }
            found.add(piece);
            from = to;
        }
        ids.addAll(found);
    }

    private static void flush(StringBuilder word, List<String> words) {
        if (!word.isEmpty()) {
            words.add(word.toString());
            word.setLength(0);
        }
    }

    private static boolean isControl(int c) {
        if (c == '\t' || c == '\n' || c == '\r') {
            return false;
        }
        int type = Character.getType(c);
        return type == Character.CONTROL || type == Character.FORMAT;
    }

    /** BERT's punctuation: ASCII's non-alphanumeric printable characters, and Unicode's punctuation classes. */
    private static boolean isPunctuation(int c) {
        if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) {
            return true;
        }
        int type = Character.getType(c);
        return type == Character.CONNECTOR_PUNCTUATION
                || type == Character.DASH_PUNCTUATION
                || type == Character.START_PUNCTUATION
                || type == Character.END_PUNCTUATION
                || type == Character.INITIAL_QUOTE_PUNCTUATION
                || type == Character.FINAL_QUOTE_PUNCTUATION
                || type == Character.OTHER_PUNCTUATION;
    }

    /** The CJK ideograph blocks BERT splits into single characters. */
    private static boolean isCjk(int c) {
        return (c >= 0x4E00 && c <= 0x9FFF)
                || (c >= 0x3400 && c <= 0x4DBF)
                || (c >= 0x20000 && c <= 0x2A6DF)
                || (c >= 0x2A700 && c <= 0x2B73F)
                || (c >= 0x2B740 && c <= 0x2B81F)
                || (c >= 0x2B820 && c <= 0x2CEAF)
                || (c >= 0xF900 && c <= 0xFAFF)
                || (c >= 0x2F800 && c <= 0x2FA1F);
    }
}
