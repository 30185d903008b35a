package io.snippetstore.auth.entity;

import java.time.Instant;

/** A credential whose last use is recorded: an API token, a browser session. */
public interface RecordsUse {

    void usedAt(Instant instant);
}
