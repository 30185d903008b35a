package io.snippetstore.auth.control;

import java.util.Optional;
import java.util.logging.Logger;

import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Settings;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * On the first start (no users at all) creates the administrator from
 * {@code SNIPPETS_ADMIN_USER} and {@code SNIPPETS_ADMIN_PASSWORD}; without a configured
 * password a random one is generated and logged this once.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigrations")
// No transaction around the start: the count would begin a read snapshot that the write, hashing
// for a second inside it, could no longer upgrade once another start-up bean had written (SQLITE_BUSY_SNAPSHOT).
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class AdminBootstrap {

    private static final Logger LOG = Logger.getLogger(AdminBootstrap.class.getName());

    @Inject
    Accounts accounts;

    @Inject
    @ConfigProperty(name = Settings.ADMIN_USER, defaultValue = Settings.ADMIN_USER_DEFAULT)
    String adminUser;

    @Inject
    @ConfigProperty(name = Settings.ADMIN_PASSWORD)
    Optional<String> adminPassword;

    @PostConstruct
    void createFirstAdmin() {
        if (accounts.count() > 0) {
            return;
        }
        String password =
                adminPassword.filter(configured -> !configured.isBlank()).orElse(null);
        if (password == null) {
            password = Secrets.random(18);
            LOG.warning("Created the administrator '" + adminUser + "' with the generated password " + password
                    + " (shown only this once; set SNIPPETS_ADMIN_PASSWORD to choose it).");
        } else {
            LOG.info(() -> "Created the administrator '" + adminUser + "' with the configured password.");
        }
        accounts.createFirstAdministrator(adminUser, password);
    }
}
