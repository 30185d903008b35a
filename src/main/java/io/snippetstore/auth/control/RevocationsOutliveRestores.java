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
 * A restore brings back the tokens and browser sessions of its backup's time. Those that ended
 * since (revoked, signed out, ended by a password change) must stay ended: the database records
 * every ended id (table {@code ended_credentials}, migration V13); before the restore this reads
 * that record, and once the restored data is in place (still under the writer's gate, so no
 * request writes between) it deletes every restored token and session it names, which records
 * them in the restored data in turn. A new machine's record is empty, so a backup moved to one
 * keeps all its tokens. The auth component's native SQL for restores: JPA has no transaction
 * under the restore's gate.
 */
@ApplicationScoped
public class RevocationsOutliveRestores {

    private static final Logger LOG = Logger.getLogger(RevocationsOutliveRestores.class.getName());

    /** The tables whose rows are credentials, each with its {@code id}. */
    private static final List<String> CREDENTIAL_TABLES = List.of("api_tokens", "user_sessions");

    @Inject
    Database database;

    void keepRevocations(@Observes StoreReplacing replacing) {
        Set<String> ended =
                new HashSet<>(database.list("SELECT id FROM ended_credentials", List.of(), row -> row.getString(1)));
        if (!ended.isEmpty()) {
            replacing.afterReplacement(() -> CREDENTIAL_TABLES.forEach(table -> endAgain(table, ended)));
        }
    }

    private void endAgain(String table, Set<String> ended) {
        int count = 0;
        for (String restored : database.list("SELECT id FROM " + table, List.of(), row -> row.getString(1))) {
            if (ended.contains(restored)) {
                count += database.update("DELETE FROM " + table + " WHERE id = ?", List.of(restored));
            }
        }
        int total = count;
        if (total > 0) {
            LOG.info(() -> "Ended again " + total + " restored row(s) of " + table
                    + " that had ended after the backup was taken.");
        }
    }
}
