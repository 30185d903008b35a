package io.snippetstore.snippets.control;

import io.snippetstore.platform.Settings;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The revisions this instance keeps: {@code SNIPPETS_REVISIONS_KEEP}, read once; a malformed value stops the start. */
@ApplicationScoped
class RevisionsKept {

    @Inject
    @ConfigProperty(name = Settings.REVISIONS_KEEP, defaultValue = Settings.REVISIONS_KEEP_DEFAULT)
    String setting;

    private RevisionRetention retention;

    @PostConstruct
    void read() {
        retention = RevisionRetention.parse(setting);
    }

    RevisionRetention retention() {
        return retention;
    }
}
