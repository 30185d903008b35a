package io.snippetstore.auth.control;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.Role;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.control.Collections;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * API tokens: {@code sst_}, 256 random bits and a {@link TokenChecksum}, of which only the
 * SHA-256 is stored, each with the {@link Scope}s it may be used for.
 */
@Stateless
public class ApiTokens {

    public static final String PREFIX = "sst_";

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    TokenCache cache;

    @Inject
    TokenLifetimes lifetimes;

    @Inject
    Collections collectionsOfSnippets;

    /**
     * A new token of the caller's, with these scopes or, when none are named, following the
     * caller's role; limited to the snippets of these collections (each one the caller may read:
     * 400 otherwise) when they are named.
     */
    @WriteTransaction
    public IssuedToken create(
            Caller caller,
            String name,
            Integer expiresInDays,
            Optional<Set<Scope>> scopes,
            Optional<List<String>> collections) {
        if (scopes.filter(asked -> asked.contains(Scope.ADMIN)).isPresent() && !caller.isAdmin()) {
            throw ApiException.validationFailed(
                    List.of(new FieldError("scopes", "only an administrator's token may carry admin")));
        }
        collections.ifPresent(ids -> collectionsOfSnippets.requireReadable(caller, ids, "collections"));
        return issue(
                caller.userId(),
                name,
                lifetimes.forRequested(Optional.ofNullable(expiresInDays)).orElse(null),
                scopes,
                collections.map(LinkedHashSet::new));
    }

    /**
     * A new token for a user who proved who they are by other means (the code of a browser login,
     * an approved device login), with the scopes it asked for that the user's role may hold,
     * limited to the collections it asked for (checked when the login was approved), living the
     * days it asked for or else {@code SNIPPETS_LOGIN_TOKEN_DAYS} ({@link TokenLifetimes}).
     */
    @WriteTransaction
    public IssuedToken issueForLogin(String userId, String name, TokenAsk ask) {
        Role role = roleOf(userId);
        Optional<Integer> days =
                ask.expiresInDays().isPresent() ? lifetimes.forRequested(ask.expiresInDays()) : lifetimes.forLogin();
        return issue(
                userId,
                name,
                days.orElse(null),
                ask.scopes().map(scopes -> Scope.grantable(scopes, role)),
                ask.collections());
    }

    private Role roleOf(String userId) {
        return Optional.ofNullable(em.find(User.class, userId)).map(User::role).orElse(Role.USER);
    }

    /**
     * What a login the caller approves may get of the scopes it asks for: 403 {@code forbidden}
     * when that is nothing (it asked only for administration, and the caller is no administrator).
     */
    static Set<Scope> requireGrantable(Caller caller, Set<Scope> asked) {
        Set<Scope> granted = Scope.grantable(asked, caller.role());
        if (granted.isEmpty()) {
            throw ApiException.forbidden("This login asks only for administration, which your account does not have.");
        }
        return granted;
    }

    private IssuedToken issue(
            String userId,
            String name,
            Integer expiresInDays,
            Optional<Set<Scope>> scopes,
            Optional<Set<String>> collections) {
        if (em.createNamedQuery(ApiToken.COUNT_OF_USER, Long.class)
                        .setParameter("userId", userId)
                        .getSingleResult()
                >= ApiToken.PER_USER_MAX) {
            throw ApiException.conflict("You have " + ApiToken.PER_USER_MAX
                    + " API tokens, the most one user may have: revoke some you no longer use.");
        }
        String value = TokenChecksum.appendTo(PREFIX + Secrets.random(32));
        Instant now = Timestamps.now();
        ApiToken token = new ApiToken(
                Ids.next(),
                userId,
                name,
                Secrets.sha256Hex(value),
                now,
                expiresInDays == null ? null : now.plus(Duration.ofDays(expiresInDays)),
                scopes,
                collections);
        em.persist(token);
        Optional<User> user = Optional.ofNullable(em.find(User.class, userId));
        Role role = user.map(User::role).orElse(Role.USER);
        audit.fire(AuditEvent.success(
                userId,
                user.map(User::username).orElse(null),
                AuditEvent.TOKEN_CREATED,
                token.id(),
                described(token, role)));
        return new IssuedToken(value, TokenData.of(token, role));
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<TokenData> list(Caller caller) {
        return em.createNamedQuery(ApiToken.OF_USER, ApiToken.class)
                .setParameter("userId", caller.userId())
                .getResultStream()
                .map(token -> TokenData.of(token, caller.role()))
                .toList();
    }

    /** The caller's token; another user's is as unknown as a missing one. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public TokenData get(Caller caller, String tokenId) {
        return TokenData.of(owned(caller, tokenId), caller.role());
    }

    @WriteTransaction(freesSpace = true)
    public String revoke(Caller caller, String tokenId) {
        ApiToken token = owned(caller, tokenId);
        em.remove(token);
        cache.credentialsChanging();
        audit.fire(AuditEvent.success(caller, AuditEvent.TOKEN_REVOKED, token.id(), described(token, caller.role())));
        return token.id();
    }

    /**
     * Keeps only {@code kept} of the token's scopes; naming one it does not carry is refused, so
     * that a token is never widened. Takes effect at the token's next request.
     */
    @WriteTransaction
    public TokenData narrow(Caller caller, String tokenId, Set<Scope> kept) {
        ApiToken token = owned(caller, tokenId);
        Set<Scope> now = token.scopesFor(caller.role());
        if (!now.containsAll(kept)) {
            throw ApiException.validationFailed(List.of(new FieldError(
                    "scopes", "a token's scopes can only be narrowed; it carries " + Scope.joined(now))));
        }
        token.narrowTo(kept, caller.role());
        cache.credentialsChanging();
        audit.fire(AuditEvent.success(caller, AuditEvent.TOKEN_NARROWED, token.id(), described(token, caller.role())));
        return TokenData.of(token, caller.role());
    }

    /** An administrator's view of a user's tokens; an unknown user is 404. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<TokenData> ofUser(Caller admin, String userId) {
        User user = administered(admin, userId);
        return tokensOf(user).stream()
                .map(token -> TokenData.of(token, user.role()))
                .toList();
    }

    /** An administrator revokes one of a user's tokens. */
    @WriteTransaction(freesSpace = true)
    public String revokeOf(Caller admin, String userId, String tokenId) {
        User user = administered(admin, userId);
        ApiToken token = Optional.ofNullable(em.find(ApiToken.class, tokenId))
                .filter(found -> found.userId().equals(user.id()))
                .orElseThrow(ApiException::notFound);
        revokeByAdministrator(admin, user, token);
        return token.id();
    }

    /** An administrator revokes every token of a user at once (someone left, a laptop was lost): how many. */
    @WriteTransaction(freesSpace = true)
    public int revokeAllOf(Caller admin, String userId) {
        User user = administered(admin, userId);
        List<ApiToken> tokens = tokensOf(user);
        tokens.forEach(token -> revokeByAdministrator(admin, user, token));
        return tokens.size();
    }

    private User administered(Caller admin, String userId) {
        if (!admin.isAdmin()) {
            throw ApiException.forbidden("Only administrators may do this.");
        }
        return Optional.ofNullable(em.find(User.class, userId)).orElseThrow(ApiException::notFound);
    }

    private List<ApiToken> tokensOf(User user) {
        return em.createNamedQuery(ApiToken.OF_USER, ApiToken.class)
                .setParameter("userId", user.id())
                .getResultList();
    }

    private void revokeByAdministrator(Caller admin, User user, ApiToken token) {
        em.remove(token);
        cache.credentialsChanging();
        audit.fire(AuditEvent.success(
                admin,
                AuditEvent.TOKEN_REVOKED,
                token.id(),
                described(token, user.role()) + ", of " + user.username() + ", by an administrator"));
    }

    /** A token as the audit trail names it: its name, what it may do for a user of this role, and where. */
    private static String described(ApiToken token, Role role) {
        return token.name() + " (" + Scope.joined(token.scopesFor(role))
                + token.collections()
                        .map(ids -> "; collections " + String.join(", ", ids))
                        .orElse("")
                + ")";
    }

    private ApiToken owned(Caller caller, String tokenId) {
        return Optional.ofNullable(em.find(ApiToken.class, tokenId))
                .filter(token -> token.userId().equals(caller.userId()))
                .orElseThrow(ApiException::notFound);
    }

    /**
     * Revokes the token of this value, if there is one, for whoever found it leaked: no credential
     * is asked, since the value is proof enough. Audited when a token was revoked; an unknown value
     * leaves no trace, so that nobody can fill the audit trail with them.
     */
    @WriteTransaction(freesSpace = true)
    public void revokeLeaked(String value) {
        em.createNamedQuery(ApiToken.BY_HASH, ApiToken.class)
                .setParameter("hash", Secrets.sha256Hex(value))
                .getResultStream()
                .findFirst()
                .ifPresent(token -> {
                    em.remove(token);
                    cache.credentialsChanging();
                    Optional<User> owner = Optional.ofNullable(em.find(User.class, token.userId()));
                    audit.fire(AuditEvent.success(
                            token.userId(),
                            owner.map(User::username).orElse(null),
                            AuditEvent.TOKEN_REVOKED,
                            token.id(),
                            described(token, owner.map(User::role).orElse(Role.USER)) + ", reported leaked"));
                });
    }

    /** The token of this hash, when it belongs to an enabled user: expired or not, see {@link LiveToken}. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<LiveToken> findLive(String hash) {
        return em.createNamedQuery(ApiToken.WITH_USER_BY_HASH, Object[].class)
                .setParameter("hash", hash)
                .getResultStream()
                .findFirst()
                .map(row -> {
                    ApiToken token = (ApiToken) row[0];
                    User user = (User) row[1];
                    return new LiveToken(
                            token.id(),
                            Accounts.callerOf(user, Caller.AuthMethod.TOKEN)
                                    .limitedTo(
                                            token.scopesFor(user.role()),
                                            Optional.ofNullable(token.expiresAt()),
                                            token.collections()),
                            token.expiresAt(),
                            token.lastUsedAt());
                });
    }
}
