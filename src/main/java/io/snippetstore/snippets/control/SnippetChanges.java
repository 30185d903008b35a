package io.snippetstore.snippets.control;

import java.util.Optional;
import java.util.OptionalLong;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.snippets.entity.SnippetFields;
import io.snippetstore.snippets.entity.SnippetRevision;
import io.snippetstore.storage.control.StorageQuota;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * The steps every change of a snippet shares, in the transaction of the use case that calls
 * them ({@link Snippets#update}, {@link Revisions#restore}): finding a snippet the caller may
 * change, and making new fields its next version, kept as a revision.
 */
@ApplicationScoped
class SnippetChanges {

    @PersistenceContext
    EntityManager em;

    @Inject
    StorageQuota quota;

    @Inject
    RevisionsKept revisionsKept;

    /** The snippet, unless it is in the trash: 404 unless the caller may read it, 403 unless they may also change it. */
    Snippet writable(Caller caller, String id) {
        Snippet snippet = Optional.ofNullable(em.find(Snippet.class, id)).filter(found -> !found.isTrashed())
                .orElseThrow(ApiException::notFound);
        SnippetAccess.of(snippet.ownerId(), snippet.visibility(), caller).requireWrite();
        return snippet;
    }

    /** {@link #writable(Caller, String)}, and with {@code expectedVersion}, only if it is still at that version: 412 otherwise. */
    Snippet writable(Caller caller, String id, OptionalLong expectedVersion) {
        Snippet snippet = writable(caller, id);
        if (expectedVersion.isPresent() && expectedVersion.getAsLong() != snippet.version()) {
            throw ApiException.preconditionFailed("The snippet was changed since version " + expectedVersion.getAsLong()
                    + "; it is at version " + snippet.version() + ".");
        }
        return snippet;
    }

    /**
     * Makes {@code fields} the snippet's next version and keeps it as a revision (nothing happens
     * when they are its current ones), within the owner's quota; prunes the revisions past what
     * {@code SNIPPETS_REVISIONS_KEEP} keeps by number. A snippet's first version is kept here, at
     * its first change: until then it is the snippet itself, so a create writes no revision.
     */
    void change(Caller caller, Snippet snippet, SnippetFields fields) {
        SnippetFields before = snippet.fields();
        long ownerUsedBefore = quota.usedBytes(snippet.ownerId());
        if (snippet.version() == 1 && !fields.equals(before)
                && em.find(SnippetRevision.class, new SnippetRevision.Key(snippet.id(), 1)) == null) {
            em.persist(SnippetRevision.firstOf(snippet));
        }
        if (snippet.change(fields, Timestamps.now())) {
            em.persist(new SnippetRevision(snippet, caller.userId(), SnippetRevision.changedFields(before, fields)));
            revisionsKept.retention().oldestKept(snippet.version()).ifPresent(oldest -> em.createNamedQuery(SnippetRevision.PRUNE_BELOW)
                    .setParameter("snippetId", snippet.id()).setParameter("version", oldest).executeUpdate());
        }
        quota.requireWithin(snippet.ownerId(), ownerUsedBefore);
    }
}
