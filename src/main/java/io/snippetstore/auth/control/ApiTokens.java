package io.snippetstore.auth.control;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** API tokens: {@code sst_} and 256 random bits, of which only the SHA-256 is stored. */
@Stateless
public class ApiTokens {

    public static final String PREFIX = "sst_";
    private static final Duration LAST_USED_RESOLUTION = Duration.ofMinutes(1);

    @PersistenceContext
    EntityManager em;

    @Inject
    TokenUsage usage;

    @WriteTransaction
    public IssuedToken create(String userId, String name, Integer expiresInDays) {
        String value = PREFIX + Secrets.random(32);
        Instant now = Timestamps.now();
        ApiToken token = new ApiToken(Ids.next(), userId, name, Secrets.sha256Hex(value), now,
                expiresInDays == null ? null : now.plus(Duration.ofDays(expiresInDays)));
        em.persist(token);
        return new IssuedToken(value, token);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<ApiToken> list(String userId) {
        return em.createNamedQuery(ApiToken.OF_USER, ApiToken.class).setParameter("userId", userId).getResultList();
    }

    /** The caller's token; another user's is as unknown as a missing one. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public ApiToken get(String userId, String tokenId) {
        return Optional.ofNullable(em.find(ApiToken.class, tokenId))
                .filter(token -> token.userId().equals(userId))
                .orElseThrow(ApiException::notFound);
    }

    @WriteTransaction(freesSpace = true)
    public ApiToken revoke(String userId, String tokenId) {
        ApiToken token = get(userId, tokenId);
        em.remove(token);
        return token;
    }

    /**
     * The user a live token belongs to. Records the use at most once per minute per token,
     * so that authenticating is not a database write on every request.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<User> authenticate(String value) {
        if (!value.startsWith(PREFIX)) {
            return Optional.empty();
        }
        Instant now = Timestamps.now();
        List<Object[]> found = em.createNamedQuery(ApiToken.WITH_USER_BY_HASH, Object[].class)
                .setParameter("hash", Secrets.sha256Hex(value))
                .getResultList();
        if (found.isEmpty() || ((ApiToken) found.get(0)[0]).isExpiredAt(now)) {
            return Optional.empty();
        }
        ApiToken token = (ApiToken) found.get(0)[0];
        if (token.lastUsedAt() == null || token.lastUsedAt().plus(LAST_USED_RESOLUTION).isBefore(now)) {
            usage.recordUseIfIdle(token.id(), now);
        }
        return Optional.of((User) found.get(0)[1]);
    }
}
