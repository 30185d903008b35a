package io.snippetstore.audit.control;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.snippetstore.audit.entity.AuditRecord;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.CallerScopes;
import io.snippetstore.platform.security.Caller;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

/** Reading the audit trail: an administrator reads everyone's records, every other user their own. */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class AuditTrail {

    @EJB
    AuditWriter writer;

    @EJB
    AuditRecords records;

    /**
     * A page of the records the caller may read that the filter lets through, newest first; its
     * {@code userId} narrows an administrator's view to one user (another user may name only
     * themselves). What happened until now is written first, so the page shows it.
     */
    public AuditPage page(Caller caller, AuditFilter filter, Optional<String> cursor, int limit) {
        CallerScopes.requireAllCollections(caller, "the audit trail, which names snippets,");
        if (!caller.isAdmin()
                && filter.userId().filter(id -> !id.equals(caller.userId())).isPresent()) {
            throw ApiException.forbidden("Only an administrator reads the audit records of other users.");
        }
        cursor.ifPresent(AuditTrail::requireRecordId);
        writer.writePending();
        Optional<String> ofUser = caller.isAdmin() ? filter.userId() : Optional.of(caller.userId());
        List<AuditRecord> found = records.page(
                new AuditFilter(ofUser, filter.action(), filter.since(), filter.until()), cursor, limit + 1);
        if (found.size() <= limit) {
            return new AuditPage(found, Optional.empty(), limit);
        }
        List<AuditRecord> page = found.subList(0, limit);
        return new AuditPage(List.copyOf(page), Optional.of(page.get(limit - 1).id()), limit);
    }

    private static void requireRecordId(String cursor) {
        try {
            UUID.fromString(cursor);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("cursor is not one that this list gave.");
        }
    }
}
