package io.snippetstore.storage.control;

import java.nio.file.Path;

import io.snippetstore.platform.Settings;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The data directory ({@code SNIPPETS_DATA_DIR}): the database file, and the staging area of uploads beside it on the same disk. */
@ApplicationScoped
public class DataDirectory {

    @Inject
    @ConfigProperty(name = Settings.DATA_DIR, defaultValue = Settings.DATA_DIR_DEFAULT)
    String configured;

    private Path path;

    @PostConstruct
    void resolve() {
        path = StoreDataSource.dataDirectory(configured);
    }

    public Path path() {
        return path;
    }

    public Path databaseFile() {
        return path.resolve(StoreDataSource.DATABASE_FILE);
    }
}
