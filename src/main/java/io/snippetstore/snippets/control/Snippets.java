package io.snippetstore.snippets.control;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.CallerScopes;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.RequestBodies;
import io.snippetstore.platform.Settings;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.snippets.entity.SnippetRevision;
import io.snippetstore.snippets.entity.SnippetStar;
import io.snippetstore.snippets.entity.Visibility;
import io.snippetstore.storage.control.StorageQuota;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The snippet use cases, each for a caller: who may read and who may change a snippet is
 * {@link SnippetAccess}'s rule.
 */
@Stateless
public class Snippets {

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    SnippetQueries queries;

    @Inject
    RequestBodies bodies;

    @Inject
    StorageQuota quota;

    @Inject
    SnippetChanges changes;

    @Inject
    Collections collections;

    @Inject
    @ConfigProperty(name = Settings.MAX_CODE_BYTES, defaultValue = Settings.MAX_CODE_BYTES_DEFAULT)
    int maxCodeBytes;

    /**
     * The caller's own snippets in id order (creation order), the next {@code limit} after {@code afterId}: all of them, page by page.
     * In a (read) transaction: the tags are read while the snippets are still managed (Hibernate detaches them at once without one).
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public List<SnippetData> ownedAfter(Caller caller, String afterId, int limit) {
        return em.createNamedQuery(Snippet.OWNED_AFTER, Snippet.class)
                .setParameter("ownerId", caller.userId())
                .setParameter("after", afterId)
                .setMaxResults(limit)
                .getResultStream()
                .map(snippet -> SnippetData.of(snippet, caller.username(), List.of()))
                .toList();
    }

    /** Checks input that did not pass the boundary's validation (an imported snippet): 400 {@code validation_failed}. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void requireValid(SnippetInput input) {
        bodies.valid(input);
        checkCodeSize(input);
    }

    /**
     * Creates a snippet of the caller's, in {@code collection} when one is named (at its end; the
     * caller must be able to add to it). A token limited to collections creates only into one of them.
     */
    @WriteTransaction
    public SnippetData create(Caller caller, SnippetInput input, Optional<String> collection) {
        checkCodeSize(input);
        if (input.fields().visibility() != Visibility.PRIVATE
                || input.groups() != null && !input.groups().isEmpty()) {
            CallerScopes.require(caller, Scope.SHARING);
        }
        if (caller.isLimitedToCollections() && collection.isEmpty()) {
            throw ApiException.forbidden("This token reaches only the snippets of its collections:"
                    + " create the snippet in one of them (?collection=ID).");
        }
        Snippet snippet = new Snippet(Ids.next(), caller.userId(), input.fields(), Timestamps.now());
        em.persist(snippet);
        if (input.groups() != null && !input.groups().isEmpty()) {
            em.flush(); // the shares refer to the snippet's row
            changes.share(snippet.id(), input.groups());
        }
        if (collection.isPresent()) {
            em.flush(); // the entry refers to the snippet's row
            collections.addCreated(caller, collection.get(), snippet.id());
        }
        quota.requireWithin(caller.userId());
        return input.groups() == null || input.groups().isEmpty()
                ? SnippetData.of(snippet, caller.username(), List.of())
                : changes.data(snippet, caller);
    }

    /**
     * Creates an imported snippet at the version it had, with the history it brought: each earlier
     * version keeps its number, time and changed fields, and is the importer's. The import checked
     * them before anything was written ({@link #requireValid} each, and each older than
     * {@code version}, none twice).
     */
    @WriteTransaction
    public SnippetData createImported(
            Caller caller,
            SnippetInput input,
            long version,
            Optional<List<String>> changed,
            List<HistoricVersion> history) {
        checkCodeSize(input);
        Snippet snippet = Snippet.imported(Ids.next(), caller.userId(), input.fields(), Timestamps.now(), version);
        em.persist(snippet);
        if (version > 1) { // a first version is kept from its first change on (SnippetChanges)
            em.persist(new SnippetRevision(
                    snippet.id(), version, snippet.updatedAt(), caller.userId(), changed, snippet.fields()));
        }
        for (HistoricVersion earlier : history) {
            em.persist(new SnippetRevision(
                    snippet.id(),
                    earlier.version(),
                    earlier.createdAt(),
                    caller.userId(),
                    earlier.changed(),
                    earlier.input().fields()));
        }
        quota.requireWithin(caller.userId());
        return SnippetData.of(snippet, caller.username(), List.of());
    }

    /**
     * For each input, the id of the caller's own snippet (out of the trash) with the same title and
     * code, if there is one: an import's duplicates.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Optional<String>> sameAsOwn(Caller caller, List<SnippetInput> inputs) {
        return queries.sameTitleAndCode(caller.userId(), inputs);
    }

    /**
     * Brings the caller's snippets of these ids up to date with these inputs (their title and code
     * are the same: an import found them so), each as a new version where another field differs,
     * all in one transaction. Who can read one stays as it is: an import never shares. Answers each
     * one's version before.
     */
    @WriteTransaction
    public List<Long> updateImported(Caller caller, List<String> ids, List<SnippetInput> inputs) {
        List<Long> before = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            Snippet snippet = changes.editable(caller, ids.get(i), OptionalLong.empty());
            SnippetInput input = inputs.get(i);
            SnippetInput kept = new SnippetInput(
                    input.title(),
                    input.description(),
                    input.notes(),
                    input.language(),
                    input.code(),
                    input.tags(),
                    snippet.visibility().apiName(),
                    null);
            requireValid(kept);
            before.add(snippet.version());
            changes.change(caller, snippet, kept.fields());
        }
        return before;
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SnippetData get(Caller caller, String id) {
        SnippetData snippet = queries.find(id).orElseThrow(ApiException::notFound);
        changes.access(caller, snippet.id(), snippet.ownerId(), snippet.fields().visibility())
                .requireRead();
        return snippet;
    }

    /** The groups the caller is a member of, when the snippet is someone else's: with its shares, what the caller may do with it ({@link SnippetData#accessOf}). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Set<String> groupsOf(Caller caller, SnippetData snippet) {
        return snippet.ownerId().equals(caller.userId()) ? Set.of() : queries.groupsOf(caller.userId());
    }

    /** The code with its variables filled in by these values or their defaults (docs/API.md, "Variables"). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public RenderedCode render(Caller caller, String id, Map<String, String> values) {
        return RenderedCode.of(get(caller, id), values);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SnippetPage list(Caller caller, SnippetQuery query) {
        return queries.list(caller.userId(), query, caller.collections());
    }

    /** The languages and tags of the snippets the list query matches, for the list's filters. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SnippetFacets facets(Caller caller, SnippetQuery query) {
        return queries.facets(caller.userId(), query, caller.collections());
    }

    /** Fails with 404 unless the caller may read the snippet: what reading its attachments asks first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void requireReadable(Caller caller, String id) {
        access(caller, id).requireRead();
    }

    /** Fails with 404 unless the caller may read the snippet, 403 unless they own it (its attachments and links are the owner's). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void requireOwned(Caller caller, String id) {
        access(caller, id).requireOwner();
    }

    /**
     * Applies a merge patch. With {@code expectedVersion}, only if the snippet is still at that
     * version (412 otherwise). A patch that changes nothing keeps version and {@code updatedAt}.
     * A member of a group with write access changes the six fields; visibility and groups are the
     * owner's (403). The groups the snippet is shared with are not part of its versions: changing
     * them alone keeps version and {@code updatedAt}.
     */
    @WriteTransaction
    public SnippetData update(Caller caller, String id, SnippetPatch patch, OptionalLong expectedVersion) {
        Snippet snippet = changes.editable(caller, id, expectedVersion);
        SnippetInput merged = patch.applyTo(snippet.fields());
        requireValid(merged);
        boolean owner = snippet.ownerId().equals(caller.userId());
        if (!owner
                && (merged.fields().visibility() != snippet.visibility()
                        || patch.groups().isPresent())) {
            throw ApiException.forbidden("Only the owner may change who can read this snippet.");
        }
        if (merged.fields().visibility() != snippet.visibility()
                || patch.groups().isPresent()) {
            CallerScopes.require(caller, Scope.SHARING);
        }
        changes.change(caller, snippet, merged.fields());
        if (patch.groups().isPresent()) {
            changes.share(snippet.id(), patch.groups().value().orElse(List.of()));
        }
        return changes.data(snippet, caller);
    }

    /**
     * Moves the snippet to the trash: from now on it is a 404 everywhere but there, until it is
     * restored or purged ({@link Trash}).
     */
    @WriteTransaction(freesSpace = true)
    public String delete(Caller caller, String id) {
        Snippet snippet = changes.owned(caller, id);
        snippet.trash(Timestamps.now());
        audit.fire(AuditEvent.success(
                caller,
                AuditEvent.SNIPPET_DELETED,
                snippet.id(),
                snippet.fields().title()));
        return snippet.id();
    }

    /** Whose the snippet is, if it still exists: whose quota its attachments count against. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<String> findOwnerId(String id) {
        return em.createNamedQuery(Snippet.OWNER_AND_VISIBILITY, Object[].class)
                .setParameter("id", id)
                .getResultStream()
                .findFirst()
                .map(row -> (String) row[0]);
    }

    private SnippetAccess access(Caller caller, String id) {
        return em.createNamedQuery(Snippet.OWNER_AND_VISIBILITY, Object[].class)
                .setParameter("id", id)
                .getResultStream()
                .findFirst()
                .map(row -> changes.access(caller, id, (String) row[0], (Visibility) row[1]))
                .orElse(SnippetAccess.NONE);
    }

    /** The most snippets one user pins. */
    public static final int PINS_MAX = 10;

    /** Whether the caller starred it, how many did (for its owner), and the collections holding it that the caller may read. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SnippetPlaces places(Caller caller, SnippetData snippet) {
        boolean starred = em.find(SnippetStar.class, new SnippetStar.Key(caller.userId(), snippet.id())) != null;
        OptionalLong stars = snippet.ownerId().equals(caller.userId())
                ? OptionalLong.of(em.createNamedQuery(SnippetStar.COUNT_OF_SNIPPET, Long.class)
                        .setParameter("snippetId", snippet.id())
                        .getSingleResult())
                : OptionalLong.empty();
        return new SnippetPlaces(starred, stars, changes.holders(caller, snippet.id()));
    }

    /** Stars a snippet the caller may read (again: no change). */
    @WriteTransaction
    public SnippetData star(Caller caller, String id) {
        SnippetData snippet = get(caller, id);
        if (em.find(SnippetStar.class, new SnippetStar.Key(caller.userId(), id)) == null) {
            em.persist(new SnippetStar(caller.userId(), id, Timestamps.now()));
        }
        return snippet;
    }

    /** Takes the caller's star off a snippet they may read (none: no change). */
    @WriteTransaction
    public SnippetData unstar(Caller caller, String id) {
        SnippetData snippet = get(caller, id);
        Optional.ofNullable(em.find(SnippetStar.class, new SnippetStar.Key(caller.userId(), id)))
                .ifPresent(em::remove);
        return snippet;
    }

    /**
     * Stars and pins the caller's own snippets that an import wrote: pins in the order given, as
     * many as fit beside those pinned already ({@link #PINS_MAX}), the rest left unpinned.
     */
    @WriteTransaction
    public void markImported(Caller caller, List<String> pinned, List<String> starred) {
        var now = Timestamps.now();
        long room = PINS_MAX
                - em.createNamedQuery(Snippet.PINNED_COUNT, Long.class)
                        .setParameter("ownerId", caller.userId())
                        .getSingleResult();
        int pinnedNow = 0;
        for (String id : pinned) {
            Snippet snippet = em.find(Snippet.class, id);
            if (pinnedNow < room && snippet != null && snippet.ownerId().equals(caller.userId())) {
                snippet.pin(now.minusMillis(pinnedNow++)); // the first given stays the highest
            }
        }
        for (String id : starred) {
            Snippet snippet = em.find(Snippet.class, id);
            if (snippet != null
                    && snippet.ownerId().equals(caller.userId())
                    && em.find(SnippetStar.class, new SnippetStar.Key(caller.userId(), id)) == null) {
                em.persist(new SnippetStar(caller.userId(), id, now));
            }
        }
    }

    /** The caller's pinned snippets, the highest first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<String> pinnedIds(Caller caller) {
        return em.createNamedQuery(Snippet.PINNED_OF_OWNER, String.class)
                .setParameter("ownerId", caller.userId())
                .getResultList();
    }

    /** Which of the caller's snippets they starred, of these. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Set<String> starredAmong(Caller caller, List<String> ids) {
        return queries.starredAmong(caller.userId(), ids);
    }

    /** Pins one of the caller's snippets to the top of their lists (409 past {@link #PINS_MAX}; again: to the very top). */
    @WriteTransaction
    public SnippetData pin(Caller caller, String id) {
        Snippet snippet = changes.owned(caller, id);
        if (!snippet.isPinned()
                && em.createNamedQuery(Snippet.PINNED_COUNT, Long.class)
                                .setParameter("ownerId", caller.userId())
                                .getSingleResult()
                        >= PINS_MAX) {
            throw ApiException.conflict("You have pinned " + PINS_MAX + " snippets, the most: unpin one first.");
        }
        snippet.pin(Timestamps.now());
        return changes.data(snippet, caller);
    }

    @WriteTransaction
    public SnippetData unpin(Caller caller, String id) {
        Snippet snippet = changes.owned(caller, id);
        snippet.unpin();
        return changes.data(snippet, caller);
    }

    private void checkCodeSize(SnippetInput input) {
        if (input.code() != null && input.code().getBytes(StandardCharsets.UTF_8).length > maxCodeBytes) {
            throw ApiException.validationFailed(
                    List.of(new FieldError("code", "must be at most " + maxCodeBytes + " bytes of UTF-8")));
        }
    }
}
