package io.snippetstore.auth.control;

import java.time.Instant;
import java.util.Optional;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.Metrics;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Authenticates bearer tokens, from memory when the token was seen recently ({@link TokenCache}):
 * a plain bean rather than an EJB, since the common case touches no database.
 */
@ApplicationScoped
public class TokenAuthentication {

    @Inject
    TokenCache cache;

    @Inject
    ApiTokens tokens;

    @Inject
    TokenUsage usage;

    @Inject
    Metrics metrics;

    /** The caller a live token of an enabled user stands for. */
    public Optional<Caller> authenticate(String value) {
        if (!value.startsWith(ApiTokens.PREFIX)) {
            return Optional.empty();
        }
        String hash = Secrets.sha256Hex(value);
        Instant now = Timestamps.now();
        Optional<LiveToken> live = cache.find(hash, now)
                .or(() -> {
                    long generation = cache.generation();
                    Optional<LiveToken> read = tokens.findLive(hash);
                    read.ifPresent(token -> cache.remember(hash, token, generation, now));
                    return read;
                })
                .filter(token -> !token.isExpiredAt(now));
        live.filter(token -> token.claimUseRecord(now))
                .ifPresent(token -> usage.recordUseIfIdle(ApiToken.class, token.id(), now));
        live.ifPresent(token -> metrics.tokenUsed());
        return live.map(LiveToken::caller);
    }
}
