package io.snippetstore.search.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The real model, as the WAR runs it (this machine's platform is one the WAR carries). */
class SentenceEmbedderTest {

    private static SentenceEmbedder embedder;

    @BeforeAll
    static void loadTheModel() {
        embedder = SentenceEmbedder.load().orElseThrow();
    }

    @AfterAll
    static void closeIt() {
        embedder.close();
    }

    @Test
    void aMeaningIsAUnitVectorOfTheModelsDimensions() {
        float[] meaning = embedder.embed("kubectl rollout restart deployment");

        assertEquals(SentenceEmbedder.DIMENSIONS, meaning.length);
        assertEquals(1.0, dot(meaning, meaning), 1e-4);
    }

    @Test
    void aDescriptionInOtherWordsIsNearerItsSnippetThanAnUnrelatedOne() {
        float[] query = embedder.embed("show how much space each folder takes");
        float[] diskUsage = embedder.embed("Disk usage per directory.\nshell.\ndu -sh * | sort -h");
        float[] gitStash = embedder.embed("Stash work in progress.\nshell.\ngit stash push -m wip");

        double near = dot(query, diskUsage);
        double far = dot(query, gitStash);
        assertTrue(near > far + 0.2, near + " vs " + far);
        assertTrue(near >= RankFusion.MIN_SIMILARITY, "a related snippet passes the threshold: " + near);
        assertTrue(far < RankFusion.MIN_SIMILARITY, "an unrelated one does not: " + far);
    }

    @Test
    void theSameTextHasTheSameMeaningEveryTime() {
        float[] first = embedder.embed("read a file line by line");
        float[] again = embedder.embed("read a file line by line");

        assertEquals(1.0, dot(first, again), 1e-6);
    }

    @Test
    void aClosedModelRefusesToEmbedInsteadOfRunningAClosedSession() {
        SentenceEmbedder closing = SentenceEmbedder.load().orElseThrow();
        closing.close();

        assertThrows(IllegalStateException.class, () -> closing.embed("anything"));
        closing.close(); // twice is harmless
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += (double) a[i] * b[i];
        }
        return sum;
    }
}
