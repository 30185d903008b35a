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
import io.snippetstore.platform.security.Caller;
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

    /** A new token of the caller's. */
    @WriteTransaction
    public IssuedToken create(Caller caller, String name, Integer expiresInDays) {
        return issue(caller.userId(), name, expiresInDays);
    }

    /** A new token for a user who proved who they are by other means: the code of a browser login. */
    @WriteTransaction
    public IssuedToken issue(String userId, String name, Integer expiresInDays) {
        String value = PREFIX + Secrets.random(32);
        Instant now = Timestamps.now();
        ApiToken token = new ApiToken(Ids.next(), userId, name, Secrets.sha256Hex(value), now,
                expiresInDays == null ? null : now.plus(Duration.ofDays(expiresInDays)));
        em.persist(token);
        return new IssuedToken(value, TokenData.of(token));
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<TokenData> list(Caller caller) {
        return em.createNamedQuery(ApiToken.OF_USER, ApiToken.class).setParameter("userId", caller.userId())
                .getResultStream().map(TokenData::of).toList();
    }

    /** The caller's token; another user's is as unknown as a missing one. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public TokenData get(Caller caller, String tokenId) {
        return TokenData.of(owned(caller, tokenId));
    }

    @WriteTransaction(freesSpace = true)
    public String revoke(Caller caller, String tokenId) {
        ApiToken token = owned(caller, tokenId);
        em.remove(token);
        return token.id();
    }

    private ApiToken owned(Caller caller, String tokenId) {
        return Optional.ofNullable(em.find(ApiToken.class, tokenId))
                .filter(token -> token.userId().equals(caller.userId()))
                .orElseThrow(ApiException::notFound);
    }

    /**
     * The caller a live token of an enabled user stands for. Records the use at most once per minute per token,
     * so that authenticating is not a database write on every request.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<Caller> authenticate(String value) {
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
            usage.recordUseIfIdle(ApiToken.class, token.id(), now);
        }
        return Optional.of(Accounts.callerOf((User) found.get(0)[1], Caller.AuthMethod.TOKEN));
    }
}
