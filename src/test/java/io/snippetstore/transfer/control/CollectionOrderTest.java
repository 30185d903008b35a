package io.snippetstore.transfer.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import io.snippetstore.platform.ApiException;
import io.snippetstore.snippets.control.CollectionInput;
import io.snippetstore.snippets.entity.SnippetCollection;
import org.junit.jupiter.api.Test;

/** An archive's collections put in the order they are created in, or refused as no tree. */
class CollectionOrderTest {

    private static ArchivedCollection collection(String id, String parentId, String name) {
        return new ArchivedCollection(id, parentId, new CollectionInput(name, null, null, null, null), List.of());
    }

    private static List<String> ids(List<ArchivedCollection> collections) {
        return collections.stream().map(ArchivedCollection::sourceId).toList();
    }

    private static String refusal(List<ArchivedCollection> collections) {
        ApiException refused = assertThrows(ApiException.class, () -> CollectionOrder.parentsFirst(collections));
        assertEquals("invalid_archive", refused.code());
        return refused.getMessage();
    }

    @Test
    void parentsComeBeforeTheirChildrenAndSiblingsKeepTheArchivesOrder() {
        List<ArchivedCollection> ordered = CollectionOrder.parentsFirst(List.of(
                collection("deep", "k8s", "Drain"),
                collection("k8s", "infra", "Kubernetes"),
                collection("onboarding", null, "Onboarding"),
                collection("infra", null, "Infra"),
                collection("terraform", "infra", "Terraform")));

        assertEquals(List.of("onboarding", "infra", "k8s", "terraform", "deep"), ids(ordered));
    }

    @Test
    void theSameNameUnderTwoParentsIsAllowedButNotBesideItselfIgnoringCase() {
        assertEquals(
                4,
                CollectionOrder.parentsFirst(List.of(
                                collection("a", null, "A"),
                                collection("b", null, "B"),
                                collection("a-old", "a", "Old"),
                                collection("b-old", "b", "Old")))
                        .size());
        assertTrue(refusal(List.of(collection("a", null, "Runbooks"), collection("b", null, "RUNBOOKS")))
                .contains("named 'RUNBOOKS'"));
        assertTrue(
                refusal(List.of(collection("p", null, "P"), collection("a", "p", "Same"), collection("b", "p", "same")))
                        .contains("side by side"));
    }

    @Test
    void anUnknownParentACycleARepeatedIdAndTooManyLevelsAreRefused() {
        assertTrue(refusal(List.of(collection("a", "gone", "A"))).contains("which is not there"));
        assertTrue(
                refusal(List.of(collection("top", null, "Top"), collection("a", "b", "A"), collection("b", "a", "B")))
                        .contains("cycle"));
        assertTrue(refusal(List.of(collection("a", null, "A"), collection("a", null, "B")))
                .contains("more than once"));
        List<ArchivedCollection> chain = new ArrayList<>();
        for (int level = 0; level <= SnippetCollection.DEPTH_MAX; level++) {
            chain.add(collection("c" + level, level == 0 ? null : "c" + (level - 1), "Level " + level));
        }
        assertTrue(refusal(chain).contains("deeper than " + SnippetCollection.DEPTH_MAX));
        assertEquals(
                SnippetCollection.DEPTH_MAX,
                CollectionOrder.parentsFirst(chain.subList(0, SnippetCollection.DEPTH_MAX))
                        .size());
    }
}
