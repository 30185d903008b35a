package io.snippetstore.search.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class RankFusionTest {

    @Test
    void aSnippetInBothRankingsComesBeforeEachRankingsFirst() {
        List<RankFusion.Ranked> fused = RankFusion.fuse(List.of("w1", "both", "w3"), List.of("m1", "both"));

        assertEquals(List.of("both", "m1", "w1", "w3"), ids(fused));
        assertEquals(1.0 / 62 + 1.0 / 62, fused.get(0).score(), 1e-6);
    }

    @Test
    void equalScoresAreOrderedById() {
        assertEquals(List.of("a", "b"), ids(RankFusion.fuse(List.of("b"), List.of("a"))));
    }

    @Test
    void thePageAfterAPositionStartsRightAfterIt() {
        List<RankFusion.Ranked> fused = RankFusion.fuse(List.of("a", "b", "c"), List.of());
        RankFusion.Ranked second = fused.get(1);
        SearchPosition position = new SearchPosition(RankFusion.key(second.score()), second.id(), "");

        assertEquals(List.of("c"), ids(RankFusion.after(fused, Optional.of(position))));
        assertEquals(fused, RankFusion.after(fused, Optional.empty()));
    }

    private static List<String> ids(List<RankFusion.Ranked> ranked) {
        return ranked.stream().map(RankFusion.Ranked::id).toList();
    }
}
