package io.snippetstore.transfer.control;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.snippetstore.platform.ApiException;
import io.snippetstore.snippets.entity.SnippetCollection;

/**
 * An archive's collections as a tree to create top-down: each id once, each parent among them, no
 * cycle, at most {@link SnippetCollection#DEPTH_MAX} levels, and no two siblings of one name
 * (ignoring case), as the service keeps them.
 */
final class CollectionOrder {

    private CollectionOrder() {}

    /** The collections, each parent before its children (siblings in the archive's order); 400 {@code invalid_archive} for a broken tree. */
    static List<ArchivedCollection> parentsFirst(List<ArchivedCollection> collections) {
        Map<String, ArchivedCollection> byId = new LinkedHashMap<>();
        for (ArchivedCollection collection : collections) {
            if (byId.putIfAbsent(collection.sourceId(), collection) != null) {
                throw broken("the collection " + collection.sourceId() + " is there more than once");
            }
        }
        Map<String, List<ArchivedCollection>> children = new HashMap<>();
        for (ArchivedCollection collection : collections) {
            String parent = collection.parentSourceId();
            if (parent != null && !byId.containsKey(parent)) {
                throw broken(
                        "the collection " + collection.sourceId() + " is inside " + parent + ", which is not there");
            }
            children.computeIfAbsent(parent, top -> new ArrayList<>()).add(collection);
        }
        List<ArchivedCollection> ordered = new ArrayList<>();
        List<ArchivedCollection> level = children.getOrDefault(null, List.of());
        for (int depth = 1; !level.isEmpty(); depth++) {
            if (depth > SnippetCollection.DEPTH_MAX) {
                throw broken("collections nest deeper than " + SnippetCollection.DEPTH_MAX + " levels");
            }
            List<ArchivedCollection> next = new ArrayList<>();
            for (ArchivedCollection collection : level) {
                ordered.add(collection);
                List<ArchivedCollection> inside = children.getOrDefault(collection.sourceId(), List.of());
                requireDistinctNames(inside);
                next.addAll(inside);
            }
            level = next;
        }
        requireDistinctNames(children.getOrDefault(null, List.of()));
        if (ordered.size() != collections.size()) {
            throw broken("some collections are inside each other (a cycle)");
        }
        return ordered;
    }

    private static void requireDistinctNames(List<ArchivedCollection> siblings) {
        Set<String> names = new HashSet<>();
        for (ArchivedCollection sibling : siblings) {
            if (!names.add(sibling.input().name().toLowerCase(Locale.ROOT))) {
                throw broken("two collections side by side are named '"
                        + sibling.input().name() + "'");
            }
        }
    }

    private static ApiException broken(String reason) {
        return ApiException.invalidArchive("The archive's collections do not form a tree: " + reason + ".");
    }
}
