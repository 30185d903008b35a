package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class CollectionTreeTest {

    /** infra / kubernetes / helm, infra / terraform, and onboarding at the top. */
    private final CollectionTree tree = new CollectionTree(List.of(
            new CollectionTree.Node("helm", "k8s", "Helm"),
            new CollectionTree.Node("infra", null, "infra"),
            new CollectionTree.Node("k8s", "infra", "kubernetes"),
            new CollectionTree.Node("tf", "infra", "terraform"),
            new CollectionTree.Node("onboarding", null, "Onboarding")));

    @Test
    void aPathRunsFromTheTopToTheCollection() {
        assertEquals(
                List.of("infra", "k8s", "helm"),
                tree.path("helm").stream().map(CollectionTree.Node::id).toList());
        assertEquals(3, tree.depth("helm"));
        assertEquals(0, tree.depth(null), "the top itself");
    }

    @Test
    void theHeightCountsTheLevelsUnderAndIncludingTheCollection() {
        assertEquals(3, tree.height("infra"));
        assertEquals(1, tree.height("tf"));
    }

    @Test
    void aSubtreeListsParentsBeforeTheirChildren() {
        List<String> subtree = tree.subtree("infra");

        assertEquals(4, subtree.size());
        assertEquals("infra", subtree.get(0));
        assertTrue(subtree.indexOf("k8s") < subtree.indexOf("helm"));
    }

    @Test
    void movingACollectionIntoItselfOrBelowItIsACycle() {
        assertTrue(tree.isWithin("helm", "infra"));
        assertTrue(tree.isWithin("infra", "infra"));
        assertFalse(tree.isWithin("onboarding", "infra"));
        assertFalse(tree.isWithin("infra", "k8s"), "a parent is not inside its child");
    }

    @Test
    void siblingNamesAreComparedIgnoringAsciiCaseAndTheCollectionItselfIsNoSibling() {
        assertEquals(
                "k8s", tree.sibling("infra", "KUBERNETES", null).orElseThrow().id());
        assertTrue(tree.sibling("infra", "kubernetes", "k8s").isEmpty(), "renaming to its own name");
        assertTrue(tree.sibling(null, "kubernetes", null).isEmpty(), "another level");
        assertEquals(
                "onboarding",
                tree.sibling(null, "onboarding", null).orElseThrow().id());
    }
}
