package io.snippetstore.snippets.control;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.ConcurrencyLimit;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.snippets.entity.SnippetFields;
import io.snippetstore.snippets.entity.SnippetRevision;
import io.snippetstore.snippets.entity.Visibility;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * A snippet's history: its versions, each one's fields, the differences between two, and
 * restoring one. Whoever may read a snippet reads its history; whoever may change it restores.
 * A reader who may not change it reads only the versions made while it was team-visible, and the
 * current one: what it held while private (a secret since removed, say) stays with its owner
 * and writers when it is shared later.
 */
@Stateless
public class Revisions {

    /** A history page's cursor holds the last version listed. */
    private static final int POSITION = 1;

    @PersistenceContext
    EntityManager em;

    @Inject
    SnippetQueries queries;

    @Inject
    SnippetChanges changes;

    @Inject
    Snippets snippets;

    @Inject
    CursorCodec cursors;

    @Inject
    TextComparisons comparisons;

    @Inject
    Event<AuditEvent> audit;

    /** A page of the history, newest first; the current version is the first of the first page. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public RevisionPage page(Caller caller, String snippetId, Optional<String> cursor, int limit) {
        SnippetData snippet = readable(caller, snippetId);
        boolean teamVersionsOnly = !mayChange(caller, snippet);
        String fingerprint = "revisions " + snippetId;
        long before = cursor.map(value -> Long.parseLong(
                        cursors.decode(value, fingerprint, POSITION).get(0)))
                .orElse(Long.MAX_VALUE);
        List<RevisionData> read = snippet.version() == 1
                ? (before > 1 ? List.of(firstVersion(snippet)) : List.of())
                : teamVersionsOnly
                        ? queries.teamRevisions(snippetId, snippet.version(), before, limit + 1)
                        : queries.revisions(snippetId, before, limit + 1);
        boolean more = read.size() > limit;
        List<RevisionData> page = more ? read.subList(0, limit) : read;
        String next = more
                ? cursors.encode(
                        fingerprint,
                        List.of(Long.toString(page.get(page.size() - 1).version())))
                : null;
        return new RevisionPage(page, next, limit);
    }

    /** Every version kept, oldest first, without their fields (each read alone with {@link #get}): what an export writes. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<RevisionData> all(Caller caller, String snippetId) {
        List<RevisionData> oldestFirst = new ArrayList<>(stored(readable(caller, snippetId), Integer.MAX_VALUE));
        Collections.reverse(oldestFirst);
        return oldestFirst;
    }

    /** One version, with its fields: 404 for a version the snippet never had or no longer keeps. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public RevisionData get(Caller caller, String snippetId, long version) {
        return shown(caller, readable(caller, snippetId), version);
    }

    /** What changed from version {@code from} to version {@code to} (either may be the older), field by field; unchanged fields are left out. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<FieldDiff> diff(Caller caller, String snippetId, long from, long to) {
        SnippetData snippet = readable(caller, snippetId);
        SnippetFields before = shown(caller, snippet, from).fields().orElseThrow();
        SnippetFields after = shown(caller, snippet, to).fields().orElseThrow();
        try (ConcurrencyLimit.Permit place = comparisons.enter(caller)) {
            List<FieldDiff> diffs = new ArrayList<>();
            value(diffs, "title", before.title(), after.title());
            value(diffs, "description", before.description(), after.description());
            text(diffs, "notes", before.notes(), after.notes());
            value(diffs, "language", before.language(), after.language());
            text(diffs, "code", before.code(), after.code());
            value(diffs, "tags", before.tags(), after.tags());
            value(
                    diffs,
                    "visibility",
                    before.visibility().apiName(),
                    after.visibility().apiName());
            return diffs;
        }
    }

    /**
     * Makes the six fields of an earlier version the snippet's next version (its visibility stays
     * as it is now: restoring text never shares or hides a snippet). With {@code expectedVersion},
     * only if the snippet is still at that version (412 otherwise). Restoring the fields it already
     * has changes nothing.
     */
    @WriteTransaction
    public SnippetData restore(Caller caller, String snippetId, long version, OptionalLong expectedVersion) {
        Snippet snippet = changes.editable(caller, snippetId, expectedVersion);
        SnippetFields restored = revision(snippetId, version).fields().orElseThrow();
        SnippetFields current = snippet.fields();
        changes.change(
                caller,
                snippet,
                new SnippetFields(
                        restored.title(),
                        restored.description(),
                        restored.notes(),
                        restored.language(),
                        restored.code(),
                        restored.tags(),
                        current.visibility()));
        audit.fire(AuditEvent.success(
                caller,
                AuditEvent.REVISION_RESTORED,
                snippetId,
                "version " + version + " as version " + snippet.version()));
        return changes.data(snippet, caller);
    }

    /**
     * Merges an edit made from version {@code base} (the patch: the fields the caller changed)
     * with what the snippet is now, field by field, code and notes line by line; changes nothing.
     * For an editor whose save was refused because someone saved meanwhile: the caller then saves
     * the merge, conflicts decided, with {@code If-Match} of the version merged with.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SnippetMerge merge(Caller caller, String snippetId, long base, SnippetPatch patch) {
        // read as data, not as an entity: outside a transaction, Hibernate could not load its tags
        SnippetData snippet = queries.find(snippetId).orElseThrow(ApiException::notFound);
        changes.access(caller, snippetId, snippet.ownerId(), snippet.fields().visibility())
                .requireEdit();
        SnippetFields baseFields = revision(snippetId, base).fields().orElseThrow();
        SnippetInput edited = patch.applyTo(baseFields);
        snippets.requireValid(edited);
        SnippetFields mine = edited.fields();
        SnippetFields theirs = snippet.fields();
        try (ConcurrencyLimit.Permit place = comparisons.enter(caller)) {
            List<FieldMerge> fields = List.of(
                    FieldMerge.value("title", baseFields.title(), mine.title(), theirs.title()),
                    FieldMerge.value("description", baseFields.description(), mine.description(), theirs.description()),
                    FieldMerge.text("notes", baseFields.notes(), mine.notes(), theirs.notes()),
                    FieldMerge.value("language", baseFields.language(), mine.language(), theirs.language()),
                    FieldMerge.text("code", baseFields.code(), mine.code(), theirs.code()),
                    FieldMerge.value("tags", baseFields.tags(), mine.tags(), theirs.tags()),
                    FieldMerge.value(
                            "visibility",
                            baseFields.visibility().apiName(),
                            mine.visibility().apiName(),
                            theirs.visibility().apiName()));
            return new SnippetMerge(base, snippet.version(), fields);
        }
    }

    /**
     * Deletes up to {@code limit} revisions older than {@code cutoff}, never a snippet's current
     * version, in a transaction of its own (short: writers wait for one batch at most): how many.
     */
    @WriteTransaction(freesSpace = true)
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int pruneOlderThan(Instant cutoff, int limit) {
        return em.createNativeQuery(
                        "DELETE FROM snippet_revisions WHERE seq IN (SELECT r.seq FROM snippet_revisions r"
                                + " WHERE r.created_at < ? AND r.version < (SELECT s.version FROM snippets s WHERE s.id = r.snippet_id) LIMIT ?)")
                .setParameter(1, cutoff.toEpochMilli())
                .setParameter(2, limit)
                .executeUpdate();
    }

    /** A version, as this caller may see it: 404 for one a reader who may not change the snippet does not see (see the class). */
    private RevisionData shown(Caller caller, SnippetData snippet, long version) {
        RevisionData revision = revision(snippet.id(), version);
        boolean hidden = version != snippet.version()
                && !mayChange(caller, snippet)
                && revision.fields()
                        .map(fields -> fields.visibility() != Visibility.TEAM)
                        .orElse(true);
        if (hidden) {
            throw notKept(version);
        }
        return revision;
    }

    private boolean mayChange(Caller caller, SnippetData snippet) {
        SnippetAccess access = changes.access(
                caller, snippet.id(), snippet.ownerId(), snippet.fields().visibility());
        return access == SnippetAccess.OWN || access == SnippetAccess.EDIT;
    }

    private static ApiException notKept(long version) {
        return ApiException.notFound("The snippet has no version " + version + " (or keeps it no longer).");
    }

    private SnippetData readable(Caller caller, String snippetId) {
        SnippetData snippet = queries.find(snippetId).orElseThrow(ApiException::notFound);
        changes.access(caller, snippetId, snippet.ownerId(), snippet.fields().visibility())
                .requireRead();
        return snippet;
    }

    /** The newest {@code limit} revisions; for a snippet still at its first version, that version, which is the snippet itself. */
    private List<RevisionData> stored(SnippetData snippet, int limit) {
        return snippet.version() == 1
                ? List.of(firstVersion(snippet))
                : queries.revisions(snippet.id(), Long.MAX_VALUE, limit);
    }

    private RevisionData revision(String snippetId, long version) {
        return queries.revision(snippetId, version)
                .or(() -> version == 1
                        ? queries.find(snippetId)
                                .filter(snippet -> snippet.version() == 1)
                                .map(Revisions::firstVersion)
                        : Optional.empty())
                .orElseThrow(() -> notKept(version));
    }

    /** A snippet still at its first version as its one revision (stored with its first change): its owner's, every field new. */
    private static RevisionData firstVersion(SnippetData snippet) {
        return new RevisionData(
                1,
                snippet.createdAt(),
                snippet.ownerId(),
                snippet.ownerUsername(),
                Optional.of(SnippetRevision.FIELDS),
                Optional.of(snippet.fields()));
    }

    private static void value(List<FieldDiff> diffs, String field, Object from, Object to) {
        if (!Objects.equals(from, to)) {
            diffs.add(new FieldDiff(field, from, to, null, false));
        }
    }

    private static void text(List<FieldDiff> diffs, String field, String from, String to) {
        if (!Objects.equals(from, to)) {
            TextDiff.Diff lines = TextDiff.of(from, to);
            diffs.add(
                    lines.replaced()
                            ? new FieldDiff(field, from, to, null, true)
                            : new FieldDiff(field, null, null, lines.hunks(), false));
        }
    }
}
