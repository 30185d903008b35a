package io.snippetstore.snippets.control;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.entity.ShareLink;
import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.snippets.entity.Visibility;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * Share links: 256 random bits each, of which only the SHA-256 is stored. A link opens its
 * snippet, read-only, to whoever holds it while the snippet is not private (its visibility is
 * {@code link} or {@code team}: a team snippet is read by the team and by its links at once) and
 * the link is neither expired nor revoked; only the snippet's owner makes, lists and revokes links.
 */
@Stateless
public class ShareLinks {

    @PersistenceContext
    EntityManager em;

    @Inject
    Snippets snippets;

    @Inject
    SnippetQueries queries;

    /** A new link to the caller's snippet, which must not be private (409 otherwise: its links would open nothing). */
    @WriteTransaction
    public IssuedLink create(Caller caller, String snippetId, Integer expiresInDays) {
        snippets.requireOwned(caller, snippetId);
        if (!sharedByLink(snippetId)) {
            throw ApiException.conflict(
                    "The snippet is private: set its visibility to link (or team) first, or its links open nothing.");
        }
        String secret = Secrets.random(32);
        Instant now = Timestamps.now();
        ShareLink link = new ShareLink(
                Ids.next(),
                snippetId,
                Secrets.sha256Hex(secret),
                now,
                expiresInDays == null ? null : now.plus(Duration.ofDays(expiresInDays)));
        em.persist(link);
        return new IssuedLink(secret, LinkData.of(link));
    }

    /** The links of the caller's snippet, expired ones included. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<LinkData> list(Caller caller, String snippetId) {
        snippets.requireOwned(caller, snippetId);
        return em.createNamedQuery(ShareLink.OF_SNIPPET, ShareLink.class)
                .setParameter("snippetId", snippetId)
                .getResultStream()
                .map(LinkData::of)
                .toList();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public LinkData get(Caller caller, String linkId) {
        return LinkData.of(owned(caller, linkId));
    }

    /** Revokes a link of the caller's snippet at once. */
    @WriteTransaction(freesSpace = true)
    public String revoke(Caller caller, String linkId) {
        ShareLink link = owned(caller, linkId);
        em.remove(link);
        return link.id();
    }

    private ShareLink owned(Caller caller, String linkId) {
        ShareLink link = Optional.ofNullable(em.find(ShareLink.class, linkId)).orElseThrow(ApiException::notFound);
        snippets.requireOwned(caller, link.snippetId());
        return link;
    }

    /** The snippet a live link opens; 404 for an unknown, expired or revoked link, a snippet made private, or a disabled owner's. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SharedSnippet open(String secret) {
        Instant now = Timestamps.now();
        return em.createNamedQuery(ShareLink.BY_SECRET_HASH, ShareLink.class)
                .setParameter("hash", Secrets.sha256Hex(secret))
                .getResultStream()
                .findFirst()
                .filter(link -> !link.isExpiredAt(now))
                .filter(link -> sharedByLink(link.snippetId()))
                .map(link -> new SharedSnippet(link.snippetId()))
                .orElseThrow(ApiException::notFound);
    }

    /** The snippet a link opened. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SnippetData get(SharedSnippet shared) {
        return queries.find(shared.snippetId()).orElseThrow(ApiException::notFound);
    }

    /** The code of the snippet a link opened, with its variables filled in. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public RenderedCode render(SharedSnippet shared, Map<String, String> values) {
        return RenderedCode.of(get(shared), values);
    }

    /**
     * Whether the snippet is not private and its owner is not disabled: read alone, not with
     * its whole row (code and all). A disabled user's links answer nothing until they are enabled.
     */
    private boolean sharedByLink(String snippetId) {
        return em.createNamedQuery(Snippet.SHARED_BY_LINK_OF_ENABLED_OWNER, Long.class)
                        .setParameter("id", snippetId)
                        .setParameter("privately", Visibility.PRIVATE)
                        .getSingleResult()
                > 0;
    }
}
