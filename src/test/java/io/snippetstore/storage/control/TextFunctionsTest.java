package io.snippetstore.storage.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalDouble;
import java.util.Random;

import org.junit.jupiter.api.Test;

class TextFunctionsTest {

    private static final double[] WEIGHTS = {5.0, 1.0};
    private static final double[] TYPICAL = {40, 800};

    @Test
    void foldsEveryLetterNotOnlyAscii() {
        assertEquals("straße über ärger ÿ σς", TextFunctions.fold("STRAßE ÜBER Ärger Ÿ ΣΣ".replace("ΣΣ", "Σς")));
        assertEquals("ä", TextFunctions.fold("Ä"));
        assertEquals("already folded", TextFunctions.fold("already folded"));
        assertEquals("int x = 1; // 😀 émoji 𐐨", TextFunctions.fold("Int X = 1; // 😀 ÉMOJI 𐐀"), "a letter beyond the BMP folds too");
        assertEquals("\ud800 lone", TextFunctions.fold("\ud800 LONE"), "an unpaired surrogate stays as it is");
    }

    @Test
    void foldsEveryTextAsLowerCasingEachCodePointDoes() {
        Random random = new Random(42);
        int[] alphabet = {'a', 'Z', 'q', 'M', ' ', '_', '{', 0xC4, 0xDF, 0x130, 0x3A3, 0x1F600, 0x10400, 0xD800};
        for (int n = 0; n < 2_000; n++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(40); i > 0; i--) {
                text.appendCodePoint(alphabet[random.nextInt(alphabet.length)]);
            }
            String expected = text.codePoints().map(Character::toLowerCase)
                    .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
            assertEquals(expected, TextFunctions.fold(text.toString()), () -> "folding " + text);
        }
    }

    @Test
    void countsOccurrencesWithoutOverlap() {
        assertEquals(2, TextFunctions.occurrences("aaaa", "aa"));
        assertEquals(0, TextFunctions.occurrences("abc", "abd"));
        assertEquals(3, TextFunctions.occurrences("x.x.x", "x"));
    }

    @Test
    void aMatchInTheHeavierColumnAndMoreOccurrencesScoreBetterWhichIsLower() {
        double inTitle = TextFunctions.score(List.of("cache"), WEIGHTS, TYPICAL, new String[] {"cache warm-up", "x"});
        double inCode = TextFunctions.score(List.of("cache"), WEIGHTS, TYPICAL, new String[] {"warm-up", "cache"});
        double twiceInCode = TextFunctions.score(List.of("cache"), WEIGHTS, TYPICAL, new String[] {"warm-up", "cache cache"});

        assertTrue(inTitle < inCode, inTitle + " vs " + inCode);
        assertTrue(twiceInCode < inCode, twiceInCode + " vs " + inCode);
        assertEquals(0.0, -TextFunctions.score(List.of("absent"), WEIGHTS, TYPICAL, new String[] {"warm-up", "cache"}));
    }

    @Test
    void aLongerTextWithTheSameMatchesScoresWorseAndAMissingTextCountsNothing() {
        double shortCode = TextFunctions.score(List.of("cache"), WEIGHTS, TYPICAL, new String[] {null, "cache"});
        double longCode = TextFunctions.score(List.of("cache"), WEIGHTS, TYPICAL, new String[] {null, "cache" + " filler".repeat(500)});

        assertTrue(shortCode < longCode, shortCode + " vs " + longCode);
    }

    @Test
    void scoringEveryTermGivesTheSameScoreWhenEachOccursAndNoneWhenOneIsMissing() {
        String[] texts = {"cache warm-up", "int warm() { return cache.get(); }"};
        assertEquals(OptionalDouble.of(TextFunctions.score(List.of("cache", "int"), WEIGHTS, TYPICAL, texts)),
                TextFunctions.scoreOfEvery(List.of("cache", "int"), WEIGHTS, TYPICAL, texts));
        assertEquals(OptionalDouble.empty(), TextFunctions.scoreOfEvery(List.of("cache", "absent"), WEIGHTS, TYPICAL, texts));
        assertEquals(OptionalDouble.empty(), TextFunctions.scoreOfEvery(List.of("cache"), WEIGHTS, TYPICAL, new String[] {null, null}));
    }

    @Test
    void theSameRowAndSearchAlwaysGiveTheSameScore() {
        String[] texts = {"binary search", "int binarySearch(int[] a, int key) { return -1; }"};
        double first = TextFunctions.score(List.of("search", "int"), WEIGHTS, TYPICAL, texts);

        assertEquals(Double.doubleToRawLongBits(first),
                Double.doubleToRawLongBits(TextFunctions.score(List.of("search", "int"), WEIGHTS, TYPICAL, texts.clone())));
    }
}
