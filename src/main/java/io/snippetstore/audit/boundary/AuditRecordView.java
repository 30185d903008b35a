package io.snippetstore.audit.boundary;

import io.snippetstore.audit.entity.AuditRecord;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** An audit record on the wire. */
@JsonbNillable
@JsonbPropertyOrder({"id", "at", "action", "outcome", "userId", "username", "clientAddress", "subject", "detail"})
public record AuditRecordView(
        String id,
        String at,
        String action,
        String outcome,
        String userId,
        String username,
        String clientAddress,
        String subject,
        String detail) {

    static AuditRecordView of(AuditRecord record) {
        return new AuditRecordView(
                record.id(),
                Timestamps.format(record.at()),
                record.action(),
                record.outcome(),
                record.userId(),
                record.username(),
                record.clientAddress(),
                record.subject(),
                record.detail());
    }
}
