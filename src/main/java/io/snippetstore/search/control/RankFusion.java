package io.snippetstore.search.control;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How searches by meaning are ranked and paged. A hybrid search fuses two rankings by reciprocal
 * rank fusion (Cormack et al., 2009): a snippet scores {@code 1 / (K + rank)} in each ranking it is
 * in, so one found both by its words and by its meaning comes first, and neither ranking's scores
 * (BM25's and the cosine's, of unlike scales) need to be made comparable. Each ranking gives its
 * best {@link #EACH_MAX}; a search by meaning alone is ordered by the cosine. Ties by id.
 */
final class RankFusion {

    /** Results each ranking gives: what bounds a search by meaning's answer (its every page). */
    static final int EACH_MAX = 100;
    /**
     * The least cosine of a snippet found by meaning: below it a snippet is about something else
     * (measured with bench/relevance: unrelated snippets score 0.0-0.2 against a query, related
     * ones 0.3 and more).
     */
    static final float MIN_SIMILARITY = 0.3f;
    /** The constant of reciprocal rank fusion: 60, as its authors found best, flattens the top ranks' lead. */
    static final int K = 60;

    /** Best first, then by id. */
    static final Comparator<Ranked> ORDER =
            Comparator.comparing(Ranked::score).reversed().thenComparing(Ranked::id);

    /** A snippet and its score in a ranking. */
    record Ranked(String id, float score) {}

    private RankFusion() {}

    /** Both rankings (ids, best first) fused, best first. */
    static List<Ranked> fuse(List<String> byWords, List<String> byMeaning) {
        Map<String, Double> scores = new HashMap<>();
        add(scores, byWords);
        add(scores, byMeaning);
        return scores.entrySet().stream()
                .map(entry -> new Ranked(entry.getKey(), entry.getValue().floatValue()))
                .sorted(ORDER)
                .toList();
    }

    private static void add(Map<String, Double> scores, List<String> ranking) {
        for (int rank = 0; rank < ranking.size(); rank++) {
            scores.merge(ranking.get(rank), 1.0 / (K + rank + 1), Double::sum);
        }
    }

    /** The ranked results after the position of the previous page's last (all of them without one). */
    static List<Ranked> after(List<Ranked> ranked, Optional<SearchPosition> position) {
        if (position.isEmpty()) {
            return ranked;
        }
        Ranked last = new Ranked(position.get().id(), score(position.get().key()));
        return ranked.stream().filter(result -> ORDER.compare(result, last) > 0).toList();
    }

    /** A score as a cursor holds it: its exact bits. */
    static String key(float score) {
        return Integer.toHexString(Float.floatToRawIntBits(score));
    }

    private static float score(String key) {
        try {
            return Float.intBitsToFloat(Integer.parseUnsignedInt(key, 16));
        } catch (NumberFormatException e) {
            throw new IllegalStateException("A signed cursor holds a malformed key", e);
        }
    }
}
