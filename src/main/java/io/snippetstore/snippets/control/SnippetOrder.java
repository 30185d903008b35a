package io.snippetstore.snippets.control;

/**
 * A list order in SQL, for lists without a search (a search is ordered by the index): its sort
 * key column, its direction, the keyset condition "after this position", and how a position's
 * key is written into a cursor and read back. Ties are broken by id.
 */
enum SnippetOrder {
    UPDATED("updated_at", false),
    CREATED("created_at", false),
    TITLE("title_sort", true);

    private final String key;
    private final boolean ascending;

    SnippetOrder(String key, boolean ascending) {
        this.key = key;
        this.ascending = ascending;
    }

    /** The order of a list without a search: {@code relevance} needs one. */
    static SnippetOrder of(SnippetSort sort) {
        return valueOf(sort.name());
    }

    /** The ORDER BY of the page's keys over {@code snippets s}. */
    String orderOfKeys() {
        return "s." + key + direction() + ", s.id" + direction();
    }

    /** The ORDER BY of the page's rows, over the keys' CTE {@code p}. */
    String orderOfRows() {
        return "p." + key + direction() + ", p.id" + direction();
    }

    /** The keyset condition "after the position (?, ?)". */
    String after() {
        return "(s." + key + ", s.id) " + (ascending ? ">" : "<") + " (?, ?)";
    }

    /** The sort key of a listed snippet, as a cursor holds it. */
    String keyOf(ListedSnippet listed) {
        return switch (this) {
            case UPDATED -> Long.toString(listed.snippet().updatedAt().toEpochMilli());
            case CREATED -> Long.toString(listed.snippet().createdAt().toEpochMilli());
            case TITLE -> listed.titleSort();
        };
    }

    /** A cursor's sort key as the SQL parameter of {@link #after}. */
    Object keyParameter(String key) {
        try {
            return switch (this) {
                case UPDATED, CREATED -> Long.parseLong(key);
                case TITLE -> key;
            };
        } catch (NumberFormatException e) {
            throw new IllegalStateException("A signed cursor holds a malformed key", e);
        }
    }

    private String direction() {
        return ascending ? " ASC" : " DESC";
    }
}
