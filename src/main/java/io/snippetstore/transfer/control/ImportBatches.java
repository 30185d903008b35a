package io.snippetstore.transfer.control;

import java.util.List;

import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.control.SnippetData;
import io.snippetstore.snippets.control.Snippets;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * The transactions of an import, each short: a batch of snippets created and marked as pending
 * (table {@code import_pending_snippets}, migration V11), the import published (the marks
 * removed) once every batch and attachment is in, or its pending snippets discarded a few at a
 * time. The transfer component's only native SQL: JPA has no bulk delete through a subquery on
 * an unmapped table.
 */
@Stateless
public class ImportBatches {

    /** Snippets deleted per transaction while an import is discarded: each may hold a mebibyte of text and its attachments. */
    static final int DISCARDED_PER_TRANSACTION = 20;

    private static final String MARK_PENDING =
            "INSERT INTO import_pending_snippets (snippet_id, import_id) VALUES (?1, ?2)";
    private static final String PUBLISH = "DELETE FROM import_pending_snippets WHERE import_id = ?1";
    // the marks go with their snippets (ON DELETE CASCADE), and so do tags, attachments and share links
    private static final String DISCARD_SOME_OF_IMPORT =
            "DELETE FROM snippets WHERE id IN (SELECT snippet_id FROM import_pending_snippets "
                    + "WHERE import_id = ?1 LIMIT " + DISCARDED_PER_TRANSACTION + ")";
    private static final String DISCARD_SOME_OF_ANY_IMPORT =
            "DELETE FROM snippets WHERE id IN (SELECT snippet_id FROM import_pending_snippets " + "LIMIT "
                    + DISCARDED_PER_TRANSACTION + ")";

    @PersistenceContext
    EntityManager em;

    @Inject
    Snippets snippets;

    /** Creates the snippets with their history in one transaction, each marked as pending until the import is published. */
    @WriteTransaction
    public List<SnippetData> create(Caller caller, String importId, List<ArchivedSnippet> archived) {
        return archived.stream()
                .map(snippet -> {
                    SnippetData created = snippets.createImported(
                            caller, snippet.input(), snippet.version(), snippet.changed(), snippet.history());
                    em.flush(); // the mark refers to the snippet's row
                    em.createNativeQuery(MARK_PENDING)
                            .setParameter(1, created.id())
                            .setParameter(2, importId)
                            .executeUpdate();
                    return created;
                })
                .toList();
    }

    /** Keeps every snippet of the import: they stop being pending. */
    @WriteTransaction(freesSpace = true)
    public void publish(String importId) {
        em.createNativeQuery(PUBLISH).setParameter(1, importId).executeUpdate();
    }

    /** Deletes up to {@link #DISCARDED_PER_TRANSACTION} pending snippets of the import: how many; 0 once none is left. */
    @WriteTransaction(freesSpace = true)
    public int discardSome(String importId) {
        return em.createNativeQuery(DISCARD_SOME_OF_IMPORT)
                .setParameter(1, importId)
                .executeUpdate();
    }

    /** Deletes up to {@link #DISCARDED_PER_TRANSACTION} pending snippets of any import (at start, after a restore): how many. */
    @WriteTransaction(freesSpace = true)
    public int discardSomeOfAnyImport() {
        return em.createNativeQuery(DISCARD_SOME_OF_ANY_IMPORT).executeUpdate();
    }
}
