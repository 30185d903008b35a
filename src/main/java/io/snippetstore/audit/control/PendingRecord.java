package io.snippetstore.audit.control;

import java.time.Instant;

import io.snippetstore.audit.entity.AuditRecord;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Text;

/** An event as it happened, waiting to be written: its id and time are taken when it happens, not when written. */
record PendingRecord(String id, Instant at, AuditEvent event, String clientAddress) {

    static PendingRecord of(AuditEvent event, Instant at, String clientAddress) {
        return new PendingRecord(Ids.next(), at, event, clientAddress);
    }

    /** A record written later than it happened, with an id that sorts at {@code at}, among the others of that moment. */
    static PendingRecord backdated(AuditEvent event, Instant at, String clientAddress) {
        return new PendingRecord(Ids.at(at), at, event, clientAddress);
    }

    AuditRecord toEntity() {
        return new AuditRecord(
                id,
                at,
                cut(event.action()),
                event.outcome().apiName(),
                cut(event.userId()),
                cut(event.username()),
                cut(clientAddress),
                cut(event.subject()),
                cut(event.detail()));
    }

    /** Within the column's length, and printable: no line break or escape sequence reaches whoever reads the trail. */
    private static String cut(String text) {
        String printable = Text.printable(text);
        return printable == null || printable.length() <= AuditRecord.TEXT_MAX
                ? printable
                : printable.substring(0, AuditRecord.TEXT_MAX);
    }
}
