package io.snippetstore.audit.entity;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/** One recorded event of the audit trail. Its id is time-ordered: the newest record has the greatest id. */
@Entity
@Table(name = "audit_records")
@NamedQuery(
        name = AuditRecord.PAGE,
        query = "SELECT r FROM AuditRecord r WHERE (:userId IS NULL OR r.userId = :userId) "
                + "AND (:action IS NULL OR r.action = :action) AND r.at >= :since AND r.at < :until AND (:before IS NULL OR r.id < :before) "
                + "ORDER BY r.id DESC")
@NamedQuery(name = AuditRecord.PURGE, query = "DELETE FROM AuditRecord r WHERE r.at < :before")
public class AuditRecord {

    public static final String PAGE = "AuditRecord.page";
    public static final String PURGE = "AuditRecord.purge";
    /** Later than any record: the open end of a period asked for. */
    public static final Instant LATEST = Instant.ofEpochMilli(Long.MAX_VALUE);

    /** Room for a username, an address, an id or a name as the components pass them; longer is cut. */
    public static final int TEXT_MAX = 200;

    @Id
    private String id;

    @Column(nullable = false)
    private Instant at;

    @Column(nullable = false, length = TEXT_MAX)
    private String action;

    @Column(nullable = false, length = TEXT_MAX)
    private String outcome;

    @Column(name = "user_id", length = TEXT_MAX)
    private String userId;

    @Column(length = TEXT_MAX)
    private String username;

    @Column(name = "client_address", length = TEXT_MAX)
    private String clientAddress;

    @Column(length = TEXT_MAX)
    private String subject;

    @Column(length = TEXT_MAX)
    private String detail;

    protected AuditRecord() {}

    public AuditRecord(
            String id,
            Instant at,
            String action,
            String outcome,
            String userId,
            String username,
            String clientAddress,
            String subject,
            String detail) {
        this.id = id;
        this.at = at;
        this.action = action;
        this.outcome = outcome;
        this.userId = userId;
        this.username = username;
        this.clientAddress = clientAddress;
        this.subject = subject;
        this.detail = detail;
    }

    public String id() {
        return id;
    }

    public Instant at() {
        return at;
    }

    public String action() {
        return action;
    }

    public String outcome() {
        return outcome;
    }

    public String userId() {
        return userId;
    }

    public String username() {
        return username;
    }

    public String clientAddress() {
        return clientAddress;
    }

    public String subject() {
        return subject;
    }

    public String detail() {
        return detail;
    }
}
