package io.snippetstore.audit.control;

import java.time.Instant;

import io.snippetstore.audit.entity.AuditRecord;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.Ids;

/** An event as it happened, waiting to be written: its id and time are taken when it happens, not when written. */
record PendingRecord(String id, Instant at, AuditEvent event, String clientAddress) {

    static PendingRecord of(AuditEvent event, Instant at, String clientAddress) {
        return new PendingRecord(Ids.next(), at, event, clientAddress);
    }

    AuditRecord toEntity() {
        return new AuditRecord(id, at, cut(event.action()), event.outcome().apiName(), cut(event.userId()), cut(event.username()),
                cut(clientAddress), cut(event.subject()), cut(event.detail()));
    }

    private static String cut(String text) {
        return text == null || text.length() <= AuditRecord.TEXT_MAX ? text : text.substring(0, AuditRecord.TEXT_MAX);
    }
}
