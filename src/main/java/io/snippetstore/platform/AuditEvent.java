package io.snippetstore.platform;

import java.util.Locale;

import io.snippetstore.platform.security.Caller;

/**
 * Something an operator may need to trace later: who did what to which subject, and how it ended.
 * Any component fires it as a CDI event; the audit component records it with the time and the
 * client's address. A success is recorded when the transaction it happened in commits, a failure
 * at once. Never put a secret in it: not a password, not a token's value.
 */
public record AuditEvent(
        String action, Outcome outcome, String userId, String username, String subject, String detail) {

    public static final String LOGIN = "login";
    public static final String PASSWORD_CHANGED = "password.changed";
    public static final String TOKEN_CREATED = "token.created";
    public static final String TOKEN_FIRST_USED = "token.first_used";
    public static final String TOKEN_REVOKED = "token.revoked";
    public static final String TOKEN_NARROWED = "token.narrowed";
    public static final String BROWSER_LOGIN_APPROVED = "browser_login.approved";
    public static final String DEVICE_LOGIN_APPROVED = "device_login.approved";
    public static final String USER_CREATED = "user.created";
    public static final String USER_CHANGED = "user.changed";
    public static final String SNIPPET_DELETED = "snippet.deleted";
    public static final String SNIPPET_UNDELETED = "snippet.undeleted";
    public static final String SNIPPET_PURGED = "snippet.purged";
    public static final String REVISION_RESTORED = "revision.restored";
    public static final String ATTACHMENT_DELETED = "attachment.deleted";
    public static final String STORAGE_CHANGED = "storage.changed";
    public static final String BACKUP_TAKEN = "backup.taken";
    public static final String BACKUP_RESTORED = "backup.restored";
    public static final String BACKUP_DELETED = "backup.deleted";
    public static final String DATA_EXPORTED = "data.exported";
    public static final String DATA_IMPORTED = "data.imported";
    public static final String GROUP_CREATED = "group.created";
    public static final String GROUP_DELETED = "group.deleted";
    public static final String GROUP_MEMBER_ADDED = "group.member_added";
    public static final String GROUP_MEMBER_REMOVED = "group.member_removed";
    public static final String LOGIN_PROVIDER = "login.provider";
    public static final String COLLECTION_CREATED = "collection.created";
    public static final String COLLECTION_CHANGED = "collection.changed";
    public static final String COLLECTION_SHARED = "collection.shared";
    public static final String COLLECTION_DELETED = "collection.deleted";
    public static final String COLLECTION_SNIPPETS_ADDED = "collection.snippets_added";
    public static final String COLLECTION_SNIPPET_REMOVED = "collection.snippet_removed";

    public enum Outcome {
        SUCCESS,
        FAILURE,
        THROTTLED;

        /** The name the API uses: {@code success}, {@code failure}, {@code throttled}. */
        public String apiName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A caller's successful action on a subject (an id), with an optional detail such as a name. */
    public static AuditEvent success(Caller caller, String action, String subject, String detail) {
        return new AuditEvent(action, Outcome.SUCCESS, caller.userId(), caller.username(), subject, detail);
    }

    /** A successful action of a user known by id and name, e.g. one signing in. */
    public static AuditEvent success(String userId, String username, String action, String subject, String detail) {
        return new AuditEvent(action, Outcome.SUCCESS, userId, username, subject, detail);
    }

    /** A refused attempt, under the username it claimed (which may not exist) and a reason. */
    public static AuditEvent refused(String action, Outcome outcome, String userId, String username, String reason) {
        return new AuditEvent(action, outcome, userId, username, null, reason);
    }

    public boolean isSuccess() {
        return outcome == Outcome.SUCCESS;
    }
}
