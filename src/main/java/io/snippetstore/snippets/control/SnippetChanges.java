package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import io.snippetstore.groups.entity.UserGroup;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.entity.CollectionEntry;
import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.snippets.entity.SnippetFields;
import io.snippetstore.snippets.entity.SnippetRevision;
import io.snippetstore.snippets.entity.SnippetShare;
import io.snippetstore.snippets.entity.Visibility;
import io.snippetstore.storage.control.StorageQuota;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * The steps every change of a snippet shares, in the transaction of the use case that calls
 * them ({@link Snippets#update}, {@link Revisions#restore}): finding a snippet the caller may
 * change, sharing it with groups, and making new fields its next version, kept as a revision.
 */
@ApplicationScoped
class SnippetChanges {

    @PersistenceContext
    EntityManager em;

    @Inject
    StorageQuota quota;

    @Inject
    RevisionsKept revisionsKept;

    /** The caller's snippet, unless it is in the trash: 404 unless the caller may read it, 403 unless they own it. */
    Snippet owned(Caller caller, String id) {
        Snippet snippet = found(id);
        access(caller, snippet.id(), snippet.ownerId(), snippet.visibility()).requireOwner();
        return snippet;
    }

    /**
     * The snippet, unless it is in the trash, for a change of its six fields: 404 unless the caller
     * may read it, 403 unless they may also change it; with {@code expectedVersion}, only if it is
     * still at that version (412 otherwise).
     */
    Snippet editable(Caller caller, String id, OptionalLong expectedVersion) {
        Snippet snippet = found(id);
        access(caller, snippet.id(), snippet.ownerId(), snippet.visibility()).requireEdit();
        if (expectedVersion.isPresent() && expectedVersion.getAsLong() != snippet.version()) {
            throw ApiException.preconditionFailed("The snippet was changed since version " + expectedVersion.getAsLong()
                    + "; it is at version " + snippet.version() + ".");
        }
        return snippet;
    }

    /**
     * What the caller may do with a snippet: the group shares are read only for a caller who does
     * not own it. Nothing, through a token limited to collections none of which holds it.
     */
    SnippetAccess access(Caller caller, String snippetId, String ownerId, Visibility visibility) {
        if (caller.isLimitedToCollections() && !inReachedCollection(caller, snippetId)) {
            return SnippetAccess.NONE;
        }
        List<String> groupAccess = ownerId.equals(caller.userId())
                ? List.of()
                : em.createNamedQuery(SnippetShare.ACCESS_OF_MEMBER, String.class)
                        .setParameter("snippetId", snippetId)
                        .setParameter("userId", caller.userId())
                        .getResultList();
        SnippetAccess access = SnippetAccess.of(ownerId, visibility, groupAccess, caller);
        return access == SnippetAccess.NONE && readableThroughCollection(caller, snippetId, ownerId)
                ? SnippetAccess.READ
                : access;
    }

    /** Whether a collection the caller may read holds the snippet, put there by its owner. */
    private boolean readableThroughCollection(Caller caller, String snippetId, String ownerId) {
        return em.createNamedQuery(CollectionEntry.GRANTS_READING, Long.class)
                        .setParameter("snippetId", snippetId)
                        .setParameter("ownerId", ownerId)
                        .setParameter("userId", caller.userId())
                        .setParameter("team", Visibility.TEAM)
                        .getSingleResult()
                > 0;
    }

    /** Whether one of the collections the caller's token is limited to holds the snippet, and the caller may read it. */
    private boolean inReachedCollection(Caller caller, String snippetId) {
        return em.createNamedQuery(CollectionEntry.COUNT_IN_READABLE_OF, Long.class)
                        .setParameter("snippetId", snippetId)
                        .setParameter(
                                "collectionIds",
                                List.copyOf(caller.collections().orElseThrow()))
                        .setParameter("userId", caller.userId())
                        .setParameter("team", Visibility.TEAM)
                        .getSingleResult()
                > 0;
    }

    /** The collections holding the snippet that the caller may read (and their credential reaches), by name: {@code [id, name]} each. */
    List<CollectionRef> holders(Caller caller, String snippetId) {
        return em.createNamedQuery(CollectionEntry.READABLE_HOLDERS, Object[].class)
                .setParameter("snippetId", snippetId)
                .setParameter("userId", caller.userId())
                .setParameter("team", Visibility.TEAM)
                .getResultStream()
                .map(row -> new CollectionRef((String) row[0], (String) row[1]))
                .filter(holder -> caller.reaches(holder.id()))
                .toList();
    }

    /** The groups the snippet is shared with, by name. */
    List<GroupShare> shares(String snippetId) {
        return em.createNamedQuery(SnippetShare.OF_SNIPPET, Object[].class)
                .setParameter("snippetId", snippetId)
                .getResultStream()
                .map(row -> new GroupShare((String) row[0], (String) row[1], (String) row[2]))
                .toList();
    }

    /**
     * Shares the snippet with exactly these groups (400 for a group that does not exist), replacing
     * what it was shared with. A group named twice keeps its first access.
     */
    void share(String snippetId, List<GroupShareInput> groups) {
        Map<String, String> access = new LinkedHashMap<>();
        groups.forEach(group -> access.putIfAbsent(group.id(), group.access()));
        List<FieldError> unknown = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            if (em.find(UserGroup.class, groups.get(i).id()) == null) {
                unknown.add(new FieldError("groups[" + i + "].id", "is not a group"));
            }
        }
        if (!unknown.isEmpty()) {
            throw ApiException.validationFailed(unknown);
        }
        em.createNamedQuery(SnippetShare.DELETE_OF_SNIPPET)
                .setParameter("snippetId", snippetId)
                .executeUpdate();
        access.forEach((groupId, level) -> em.persist(new SnippetShare(snippetId, groupId, level)));
    }

    /** The snippet as the use cases answer it, with its owner's name and its group shares. */
    SnippetData data(Snippet snippet, Caller caller) {
        String ownerUsername = snippet.ownerId().equals(caller.userId())
                ? caller.username()
                : em.createNamedQuery(Snippet.OWNER_USERNAME, String.class)
                        .setParameter("id", snippet.id())
                        .getSingleResult();
        return SnippetData.of(snippet, ownerUsername, shares(snippet.id()));
    }

    private Snippet found(String id) {
        return Optional.ofNullable(em.find(Snippet.class, id))
                .filter(found -> !found.isTrashed())
                .orElseThrow(ApiException::notFound);
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
        if (snippet.version() == 1
                && !fields.equals(before)
                && em.find(SnippetRevision.class, new SnippetRevision.Key(snippet.id(), 1)) == null) {
            em.persist(SnippetRevision.firstOf(snippet));
        }
        if (snippet.change(fields, Timestamps.now())) {
            em.persist(new SnippetRevision(snippet, caller.userId(), SnippetRevision.changedFields(before, fields)));
            revisionsKept
                    .retention()
                    .oldestKept(snippet.version())
                    .ifPresent(oldest -> em.createNamedQuery(SnippetRevision.PRUNE_BELOW)
                            .setParameter("snippetId", snippet.id())
                            .setParameter("version", oldest)
                            .executeUpdate());
        }
        quota.requireWithin(snippet.ownerId(), ownerUsedBefore);
    }
}
