package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.search.control.IndexFilter;
import io.snippetstore.search.control.SearchMatch;
import org.junit.jupiter.api.Test;

class ListFilterTest {

    private static SnippetQuery query(
            Set<String> tags,
            Set<String> languages,
            Optional<Boolean> variables,
            Optional<SnippetQuery.CollectionFilter> collection,
            boolean starred) {
        return new SnippetQuery(
                SnippetScope.ALL,
                SearchTerms.parse(""),
                tags,
                languages,
                variables,
                SnippetSort.UPDATED,
                50,
                Optional.empty(),
                false,
                SearchMatch.WORDS,
                collection,
                starred);
    }

    private static final SnippetQuery NOTHING_SET =
            query(Set.of(), Set.of(), Optional.empty(), Optional.empty(), false);

    /** Every filter set: a filter added to {@link ListFilter} fails here until this query sets it too. */
    private static final ListFilter.Listing EVERYTHING_SET = new ListFilter.Listing(
            "caller",
            query(
                    Set.of("ops", "k8s"),
                    Set.of("bash", "sh"),
                    Optional.of(true),
                    Optional.of(new SnippetQuery.CollectionFilter("c1", true)),
                    true),
            Set.of("c1", "c2"));

    @Test
    void everyFilterSetBindsTheCursorAndNarrowsTheIndexAndSqlWhereSqlCanSayIt() {
        for (ListFilter filter : ListFilter.values()) {
            assertFalse(filter.fingerprint(EVERYTHING_SET.query()).isEmpty(), filter + " binds a cursor");
            assertFalse(filter.index(EVERYTHING_SET).isEmpty(), filter + " narrows a search");
            if (filter.sqlCanSay(EVERYTHING_SET)) {
                assertFalse(filter.sql(EVERYTHING_SET).isEmpty(), filter + " narrows a stored list");
            }
        }
    }

    @Test
    void aFilterNotSetAddsNothingAnywhere() {
        ListFilter.Listing none = new ListFilter.Listing("caller", NOTHING_SET, Set.of());
        for (ListFilter filter : ListFilter.values()) {
            assertEquals("", filter.fingerprint(NOTHING_SET), filter.name());
            assertEquals(List.of(), filter.sql(none), filter.name());
            assertEquals(List.of(), filter.index(none), filter.name());
        }
        assertFalse(ListFilter.anyReadFromIndex(none));
        assertTrue(ListFilter.sqlCanSayAll(none));
    }

    @Test
    void eachTagMustHoldWhileAnyOfTheLanguagesWill() {
        List<IndexFilter> index = ListFilter.indexOf(EVERYTHING_SET);

        assertEquals(
                Set.of(IndexFilter.of(IndexFilter.Field.TAG, "ops"), IndexFilter.of(IndexFilter.Field.TAG, "k8s")),
                Set.copyOf(index.stream()
                        .filter(filter -> filter.field() == IndexFilter.Field.TAG)
                        .toList()));
        assertTrue(index.contains(new IndexFilter(IndexFilter.Field.LANGUAGE, Set.of("bash", "sh"))));
        assertTrue(index.contains(new IndexFilter(IndexFilter.Field.COLLECTION, Set.of("c1", "c2"))));
        assertTrue(index.contains(IndexFilter.of(IndexFilter.Field.STARRED_BY, "caller")));
        assertTrue(index.contains(IndexFilter.of(IndexFilter.Field.VARIABLES, "true")));
    }

    @Test
    void variablesHaveTheListReadOffTheIndexWhichSqlCannotSay() {
        ListFilter.Listing withVariables = new ListFilter.Listing(
                "caller", query(Set.of(), Set.of(), Optional.of(false), Optional.empty(), false), Set.of());

        assertTrue(ListFilter.anyReadFromIndex(withVariables));
        assertFalse(ListFilter.sqlCanSayAll(withVariables));
        assertThrows(IllegalStateException.class, () -> ListFilter.sqlOf(withVariables));
    }

    @Test
    void collectionsAreReadOffTheIndexThoughSqlCanSayThem() {
        ListFilter.Listing inCollections = new ListFilter.Listing("caller", NOTHING_SET, Set.of("c1"));

        assertTrue(ListFilter.anyReadFromIndex(inCollections));
        assertTrue(ListFilter.sqlCanSayAll(inCollections));
        assertEquals(1, ListFilter.sqlOf(inCollections).size());
    }

    @Test
    void theSameValueInAnotherFilterIsAnotherList() {
        String tagged = query(Set.of("bash"), Set.of(), Optional.empty(), Optional.empty(), false)
                .fingerprint();
        String inLanguage = query(Set.of(), Set.of("bash"), Optional.empty(), Optional.empty(), false)
                .fingerprint();

        assertNotEquals(tagged, inLanguage);
        assertNotEquals(
                NOTHING_SET.fingerprint(),
                query(Set.of(), Set.of(), Optional.empty(), Optional.empty(), true)
                        .fingerprint());
        assertNotEquals(
                query(
                                Set.of(),
                                Set.of(),
                                Optional.empty(),
                                Optional.of(new SnippetQuery.CollectionFilter("c", false)),
                                false)
                        .fingerprint(),
                query(
                                Set.of(),
                                Set.of(),
                                Optional.empty(),
                                Optional.of(new SnippetQuery.CollectionFilter("c", true)),
                                false)
                        .fingerprint());
    }
}
