package io.snippetstore.auth.control;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

import io.snippetstore.storage.control.Database;
import io.snippetstore.storage.control.StoreReplacing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * A restore ends every browser session made after its backup, which would include the session of
 * the administrator who asked for it: they would be signed out by their own restore. The session
 * the restore was asked with is read before the data goes, and put back once the restored data is
 * in place (still under the writer's gate) when its user is there, enabled and an administrator;
 * otherwise it ends as the others do. The auth component's native SQL for restores, as
 * {@link RevocationsOutliveRestores}: JPA has no transaction under the restore's gate.
 */
@ApplicationScoped
public class RestorerStaysSignedIn {

    private static final Logger LOG = Logger.getLogger(RestorerStaysSignedIn.class.getName());

    @Inject
    Database database;

    private record SessionRow(
            String id, String userId, long createdAt, long lastUsedAt, String userAgent, String address) {}

    void keepRestorersSession(@Observes StoreReplacing replacing) {
        replacing
                .askedWith()
                .flatMap(this::session)
                .ifPresent(session -> replacing.afterReplacement(() -> putBack(session)));
    }

    private Optional<SessionRow> session(String id) {
        return database.first(
                "SELECT id, user_id, created_at, last_used_at, user_agent, client_address FROM user_sessions WHERE id = ?",
                List.of(id),
                row -> new SessionRow(
                        row.getString(1),
                        row.getString(2),
                        row.getLong(3),
                        row.getLong(4),
                        row.getString(5),
                        row.getString(6)));
    }

    private void putBack(SessionRow session) {
        boolean stillAnAdministrator = database.first(
                        "SELECT 1 FROM users WHERE id = ? AND role = 'admin' AND disabled_at IS NULL",
                        List.of(session.userId()),
                        row -> row.getInt(1))
                .isPresent();
        if (!stillAnAdministrator) {
            LOG.info(
                    "The administrator who restored is not one in the restored data: their session ends with the others.");
            return;
        }
        database.update(
                "INSERT OR IGNORE INTO user_sessions (id, user_id, created_at, last_used_at, user_agent, client_address)"
                        + " VALUES (?, ?, ?, ?, ?, ?)",
                Arrays.asList(
                        session.id(),
                        session.userId(),
                        session.createdAt(),
                        session.lastUsedAt(),
                        session.userAgent(),
                        session.address()));
    }
}
