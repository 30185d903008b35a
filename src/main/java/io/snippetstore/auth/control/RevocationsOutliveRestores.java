package io.snippetstore.auth.control;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;

import io.snippetstore.storage.control.Database;
import io.snippetstore.storage.control.StoreReplacing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * A restore brings back the tokens and browser sessions of its backup's time. Those revoked since
 * (a revocation deletes the row, so the backup cannot tell) must stay revoked: before the restore
 * this notes which tokens and sessions are live, and once the restored data is in place (still
 * under the writer's gate) it deletes every restored one that is not among them. Tokens and
 * sessions made after the backup are not in it, and stop working (docs/API.md, "Backups and restore").
 * The auth component's native SQL for restores: JPA has no transaction under the restore's gate.
 */
@ApplicationScoped
public class RevocationsOutliveRestores {

    private static final Logger LOG = Logger.getLogger(RevocationsOutliveRestores.class.getName());

    /** The tables whose rows are credentials, each with its {@code id}. */
    private static final List<String> CREDENTIAL_TABLES = List.of("api_tokens", "user_sessions");

    @Inject
    Database database;

    void keepRevocations(@Observes StoreReplacing replacing) {
        for (String table : CREDENTIAL_TABLES) {
            Set<String> live = ids(table);
            replacing.afterReplacement(() -> revokeAllBut(table, live));
        }
    }

    private void revokeAllBut(String table, Set<String> live) {
        int revoked = 0;
        for (String restored : ids(table)) {
            if (!live.contains(restored)) {
                revoked += database.update("DELETE FROM " + table + " WHERE id = ?", List.of(restored));
            }
        }
        int total = revoked;
        if (total > 0) {
            LOG.info(() -> "Revoked again " + total + " restored row(s) of " + table + ", revoked after the backup was taken.");
        }
    }

    private Set<String> ids(String table) {
        return new HashSet<>(database.list("SELECT id FROM " + table, List.of(), row -> row.getString(1)));
    }
}
