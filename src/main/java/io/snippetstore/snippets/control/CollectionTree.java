package io.snippetstore.snippets.control;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.snippetstore.platform.Text;

/**
 * One user's collections as a tree, to check a change against its rules before it is written:
 * depth, cycles and names unique among siblings (ignoring ASCII case, as the database compares
 * them). A user has few collections ({@code SnippetCollection.PER_USER_MAX}): all are read at once.
 */
final class CollectionTree {

    /** A collection as the tree knows it: {@code parentId} {@code null} at the top. */
    record Node(String id, String parentId, String name) {}

    private final Map<String, Node> byId = new HashMap<>();
    private final Map<String, List<Node>> children = new HashMap<>();

    CollectionTree(List<Node> nodes) {
        nodes.forEach(node -> byId.put(node.id(), node));
        nodes.forEach(node -> children.computeIfAbsent(node.parentId(), parent -> new ArrayList<>())
                .add(node));
    }

    Optional<Node> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    int size() {
        return byId.size();
    }

    /** The collection's ancestors from the top, then the collection. */
    List<Node> path(String id) {
        List<Node> path = new ArrayList<>();
        for (Node at = byId.get(id); at != null; at = at.parentId() == null ? null : byId.get(at.parentId())) {
            path.add(at);
        }
        Collections.reverse(path);
        return path;
    }

    /** Its level: 1 at the top ({@code null}: 0, the top itself). */
    int depth(String id) {
        return id == null ? 0 : path(id).size();
    }

    /** The levels of the subtree under and including the collection (1 without sub-collections). */
    int height(String id) {
        int highest = 0;
        for (Node child : children.getOrDefault(id, List.of())) {
            highest = Math.max(highest, height(child.id()));
        }
        return highest + 1;
    }

    /** The collection and everything inside it, parents before their children. */
    List<String> subtree(String id) {
        List<String> ids = new ArrayList<>();
        Deque<String> pending = new ArrayDeque<>(List.of(id));
        while (!pending.isEmpty()) {
            String next = pending.removeFirst();
            ids.add(next);
            children.getOrDefault(next, List.of()).forEach(child -> pending.addLast(child.id()));
        }
        return ids;
    }

    /** Whether {@code parentId} is the collection or inside it: moving it there would make a cycle. */
    boolean isWithin(String parentId, String id) {
        return path(parentId).stream().anyMatch(node -> node.id().equals(id));
    }

    List<Node> childrenOf(String parentId) {
        return children.getOrDefault(parentId, List.of());
    }

    /** A collection other than {@code except} inside {@code parentId} with this name, ignoring ASCII case. */
    Optional<Node> sibling(String parentId, String name, String except) {
        String wanted = Text.asciiLowerCase(name);
        return childrenOf(parentId).stream()
                .filter(node -> !node.id().equals(except))
                .filter(node -> Text.asciiLowerCase(node.name()).equals(wanted))
                .findFirst();
    }
}
