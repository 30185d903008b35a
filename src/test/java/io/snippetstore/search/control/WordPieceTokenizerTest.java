package io.snippetstore.search.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The ids are BERT uncased's (the model's vocabulary, {@code all-minilm-l6-v2-q-tokenizer.json}). */
class WordPieceTokenizerTest {

    private static WordPieceTokenizer tokenizer;

    @BeforeAll
    static void readTheModelsVocabulary() throws Exception {
        tokenizer = new WordPieceTokenizer(SentenceEmbedder.vocabulary());
    }

    @Test
    void aSentenceIsItsLowerCasedWordsAndPunctuationBetweenClsAndSep() {
        assertArrayEquals(new long[] {101, 7592, 1010, 2088, 999, 102}, tokenizer.ids("Hello, world!", 128));
    }

    @Test
    void aWordOutsideTheVocabularyIsSplitIntoItsLongestPieces() {
        assertArrayEquals(new long[] {101, 2131, 20330, 3762, 3593, 102}, tokenizer.ids("getUserById", 128));
    }

    @Test
    void accentsAreStrippedAndIdeographsStandAlone() {
        assertArrayEquals(new long[] {101, 7668, 1864, 1876, 102}, tokenizer.ids("Café日本", 128));
    }

    @Test
    void aTextIsCutToTheMostTokensWithSepLast() {
        assertArrayEquals(new long[] {101, 7592, 2088, 102}, tokenizer.ids("hello world hello world", 4));
    }

    @Test
    void shellPunctuationSplitsWords() {
        assertEquals(
                List.of("du", "-", "sh", "*", "|", "sort", "-", "h"), WordPieceTokenizer.words("du -sh * | sort -h"));
    }

    @Test
    void aWordOfNoKnownPiecesIsUnknownWhole() {
        assertArrayEquals(new long[] {101, 100, 102}, tokenizer.ids("\u16A0\u16A1", 128));
    }
}
