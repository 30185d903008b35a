package io.snippetstore.audit.control;

import java.util.List;
import java.util.Optional;

import io.snippetstore.audit.entity.AuditRecord;

/** One page of the audit trail, newest first, and where the next one starts when there is one. */
public record AuditPage(List<AuditRecord> records, Optional<String> nextCursor, int limit) {}
