package io.snippetstore.snippets.control;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.CallerScopes;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.entity.CollectionLink;
import io.snippetstore.snippets.entity.SnippetCollection;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * Share links of collections: 256 random bits each, of which only the SHA-256 is stored. A link
 * opens its collection, read-only, to whoever holds it, while it is neither expired nor revoked
 * and the collection's owner is enabled: the collection's name and description, and the snippets
 * their owners put in it (a collection never gives access its snippets' owners did not give),
 * nothing else of the owner. Only the collection's owner makes, lists and revokes links.
 */
@Stateless
public class CollectionLinks {

    @PersistenceContext
    EntityManager em;

    @Inject
    Collections collections;

    @Inject
    SnippetQueries queries;

    @Inject
    Event<AuditEvent> audit;

    /** A new link to the caller's collection (409 past {@link CollectionLink#PER_COLLECTION_MAX}). */
    @WriteTransaction
    public IssuedCollectionLink create(Caller caller, String collectionId, Integer expiresInDays) {
        CollectionData collection = owned(caller, collectionId);
        CallerScopes.requireAllCollections(caller, "sharing a collection by link");
        if (em.createNamedQuery(CollectionLink.COUNT_OF_COLLECTION, Long.class)
                        .setParameter("collectionId", collectionId)
                        .getSingleResult()
                >= CollectionLink.PER_COLLECTION_MAX) {
            throw ApiException.conflict("A collection has at most " + CollectionLink.PER_COLLECTION_MAX
                    + " share links: revoke one first.");
        }
        String secret = Secrets.random(32);
        Instant now = Timestamps.now();
        CollectionLink link = new CollectionLink(
                Ids.next(),
                collectionId,
                Secrets.sha256Hex(secret),
                now,
                expiresInDays == null ? null : now.plus(Duration.ofDays(expiresInDays)));
        em.persist(link);
        audit.fire(AuditEvent.success(
                caller,
                AuditEvent.COLLECTION_SHARED,
                collectionId,
                collection.name() + ": a share link"
                        + (expiresInDays == null ? "" : " for " + expiresInDays + " days")));
        return new IssuedCollectionLink(secret, CollectionLinkData.of(link));
    }

    /** The links of the caller's collection, expired ones included. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<CollectionLinkData> list(Caller caller, String collectionId) {
        owned(caller, collectionId);
        return em.createNamedQuery(CollectionLink.OF_COLLECTION, CollectionLink.class)
                .setParameter("collectionId", collectionId)
                .getResultStream()
                .map(CollectionLinkData::of)
                .toList();
    }

    /** Revokes a link of the caller's collection at once. */
    @WriteTransaction(freesSpace = true)
    public String revoke(Caller caller, String collectionId, String linkId) {
        CollectionData collection = owned(caller, collectionId);
        CollectionLink link = Optional.ofNullable(em.find(CollectionLink.class, linkId))
                .filter(found -> found.collectionId().equals(collectionId))
                .orElseThrow(ApiException::notFound);
        em.remove(link);
        audit.fire(AuditEvent.success(
                caller, AuditEvent.COLLECTION_SHARED, collectionId, collection.name() + ": a share link revoked"));
        return link.id();
    }

    /** The collection a live link opens; 404 for an unknown, expired or revoked link, or a disabled owner's. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SharedCollection open(String secret) {
        Instant now = Timestamps.now();
        return em.createNamedQuery(CollectionLink.BY_SECRET_HASH, CollectionLink.class)
                .setParameter("hash", Secrets.sha256Hex(secret))
                .getResultStream()
                .findFirst()
                .filter(link -> !link.isExpiredAt(now))
                .flatMap(link -> Optional.ofNullable(em.find(SnippetCollection.class, link.collectionId()))
                        .filter(collection -> queries.isEnabled(collection.ownerId()))
                        .map(collection -> new SharedCollection(
                                collection.id(),
                                collection.ownerId(),
                                collection.name(),
                                collection.description(),
                                collection.updatedAt(),
                                Optional.ofNullable(link.expiresAt()))))
                .orElseThrow(ApiException::notFound);
    }

    /** How many snippets the link opens. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long size(SharedCollection shared) {
        return queries.openedByLinkCount(shared.id());
    }

    /**
     * A page of the snippets the link opens, searched and ordered as the list does ({@code query}
     * must name no other collection): the collection's owner's list inside it, kept to what the
     * link opens. A page may hold fewer than {@code limit} then; its cursor goes on.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SnippetPage snippets(SharedCollection shared, SnippetQuery query) {
        SnippetQuery inside = new SnippetQuery(
                SnippetScope.ALL,
                query.terms(),
                query.tags(),
                query.languages(),
                query.variables(),
                query.sort(),
                query.limit(),
                query.cursor(),
                query.summary(),
                query.match(),
                Optional.of(new SnippetQuery.CollectionFilter(shared.id(), false)),
                false);
        SnippetPage page = queries.list(shared.ownerId(), inside, Optional.of(Set.of(shared.id())));
        Set<String> opened = queries.openedByLink(
                shared.id(), page.items().stream().map(SnippetData::id).toList());
        List<SnippetData> kept = page.items().stream()
                .filter(snippet -> opened.contains(snippet.id()))
                .toList();
        return new SnippetPage(
                kept, page.matches(), page.nextCursor(), page.limit(), page.suggestion(), Set.of(), Set.of());
    }

    /** One snippet the link opens: 404 for any other. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SnippetData snippet(String secret, String snippetId) {
        return queries.find(openSnippet(secret, snippetId).snippetId()).orElseThrow(ApiException::notFound);
    }

    /**
     * A snippet a live link of its collection opens, as proof for reading its attachments as a
     * snippet's own link does; 404 for any other.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SharedSnippet openSnippet(String secret, String snippetId) {
        SharedCollection shared = open(secret);
        if (queries.openedByLink(shared.id(), List.of(snippetId)).isEmpty()) {
            throw ApiException.notFound();
        }
        return new SharedSnippet(snippetId);
    }

    private CollectionData owned(Caller caller, String collectionId) {
        CollectionData collection = collections.get(caller, collectionId);
        if (!collection.access().equals(Collections.Access.OWN.apiName())) {
            throw ApiException.forbidden("Only the collection's owner may share it by link.");
        }
        return collection;
    }

    /** A collection a live link opened: what its page shows of it, and whose it is (never shown). */
    public record SharedCollection(
            String id,
            String ownerId,
            String name,
            Optional<String> description,
            Instant updatedAt,
            Optional<Instant> linkExpiresAt) {}
}
