package io.snippetstore.auth.control;

import java.time.Instant;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** Records when a token was last used, in a short transaction of its own. */
@Stateless
public class TokenUsage {

    @PersistenceContext
    EntityManager em;

    @WriteTransaction
    public void recordUse(String tokenId, Instant now) {
        ApiToken token = em.find(ApiToken.class, tokenId);
        if (token != null) {
            token.usedAt(now);
        }
    }
}
