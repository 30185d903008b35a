package io.snippetstore.snippets.control;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.CallerScopes;
import io.snippetstore.platform.Settings;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.entity.Snippet;
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
 * The trash: the snippets their owner deleted in the last {@code SNIPPETS_TRASH_DAYS} days, with
 * their attachments, share links and history, restorable as they were; purged for good at once
 * on request, or by {@link TrashUpkeep} once their time is up. Only the owner sees their trash.
 */
@Stateless
public class Trash {

    /** A trash page's cursor: the last one's deletion time and id. */
    private static final int POSITION = 2;

    private static final String FINGERPRINT = "trash";

    @PersistenceContext
    EntityManager em;

    @Inject
    SnippetQueries queries;

    @Inject
    SnippetChanges changes;

    @Inject
    CursorCodec cursors;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    @ConfigProperty(name = Settings.TRASH_DAYS, defaultValue = Settings.TRASH_DAYS_DEFAULT)
    int trashDays;

    /** A page of the caller's trash, most recently deleted first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public TrashPage page(Caller caller, Optional<String> cursor, int limit) {
        CallerScopes.requireAllCollections(caller, "the trash");
        Optional<List<Object>> after = cursor.map(value -> {
            List<String> position = cursors.decode(value, FINGERPRINT, POSITION);
            return List.of(Long.parseLong(position.get(0)), position.get(1));
        });
        List<TrashedSnippet> read = queries.trash(caller.userId(), after, limit + 1);
        boolean more = read.size() > limit;
        List<TrashedSnippet> page = more ? read.subList(0, limit) : read;
        String next = null;
        if (more) {
            TrashedSnippet last = page.get(page.size() - 1);
            next = cursors.encode(
                    FINGERPRINT,
                    List.of(
                            Long.toString(last.trashedAt().toEpochMilli()),
                            last.snippet().id()));
        }
        return new TrashPage(page, next, limit, Duration.ofDays(trashDays));
    }

    /** Takes the caller's snippet out of the trash, as it was: same version, attachments, links and history. */
    @WriteTransaction
    public SnippetData restore(Caller caller, String snippetId) {
        CallerScopes.requireAllCollections(caller, "the trash");
        Snippet snippet = trashed(caller, snippetId);
        snippet.untrash();
        audit.fire(AuditEvent.success(
                caller,
                AuditEvent.SNIPPET_UNDELETED,
                snippet.id(),
                snippet.fields().title()));
        return changes.data(snippet, caller);
    }

    /** Deletes the caller's trashed snippet for good now, with its attachments, links and history. */
    @WriteTransaction(freesSpace = true)
    public String purge(Caller caller, String snippetId) {
        CallerScopes.requireAllCollections(caller, "the trash");
        Snippet snippet = trashed(caller, snippetId);
        em.remove(snippet);
        audit.fire(AuditEvent.success(
                caller,
                AuditEvent.SNIPPET_PURGED,
                snippet.id(),
                snippet.fields().title()));
        return snippet.id();
    }

    /** Trashed snippets whose time in the trash is up, oldest first, at most {@code limit}. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<String> expired(int limit) {
        return queries.trashedBefore(Timestamps.now().minus(Duration.ofDays(trashDays)), limit);
    }

    /**
     * Deletes one trashed snippet for good, in a transaction of its own (short: writers wait
     * for one snippet's rows at most), if it is still in the trash past its time.
     */
    @WriteTransaction(freesSpace = true)
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public boolean purgeExpired(String snippetId) {
        Instant cutoff = Timestamps.now().minus(Duration.ofDays(trashDays));
        return Optional.ofNullable(em.find(Snippet.class, snippetId))
                .filter(snippet ->
                        snippet.trashedAt().filter(at -> at.isBefore(cutoff)).isPresent())
                .map(snippet -> {
                    em.remove(snippet);
                    return true;
                })
                .orElse(false);
    }

    /** The caller's snippet, if it is in the trash; 404 otherwise (someone else's trash does not exist for them). */
    private Snippet trashed(Caller caller, String snippetId) {
        return Optional.ofNullable(em.find(Snippet.class, snippetId))
                .filter(snippet -> snippet.isTrashed() && snippet.ownerId().equals(caller.userId()))
                .orElseThrow(() -> ApiException.notFound("Your trash holds no snippet " + snippetId + "."));
    }
}
