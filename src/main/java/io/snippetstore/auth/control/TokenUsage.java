package io.snippetstore.auth.control;

import java.time.Instant;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.auth.entity.RecordsUse;
import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.storage.control.DiskSpace;
import io.snippetstore.storage.control.WriteGate;
import jakarta.annotation.Resource;
import jakarta.ejb.EJBException;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;

/**
 * Records when a token or a browser session was last used: a bookkeeping write that a read must
 * never wait for or fail on. It is skipped when another write holds the gate or the disk is low,
 * and its failure is logged, never answered.
 */
@Stateless
public class TokenUsage {

    private static final Logger LOG = Logger.getLogger(TokenUsage.class.getName());

    @PersistenceContext
    EntityManager em;

    @Inject
    WriteGate gate;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    DiskSpace disk;

    @Resource
    SessionContext context;

    /** Records the use unless that would mean waiting for the writer or writing to a full disk. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void recordUseIfIdle(Class<? extends RecordsUse> credential, String id, Instant now) {
        if (disk.isLow() || !gate.tryEnter()) {
            return;
        }
        try {
            context.getBusinessObject(TokenUsage.class).recordUse(credential, id, now);
        } catch (EJBException | PersistenceException e) {
            LOG.log(Level.INFO, "The last use of a " + credential.getSimpleName() + " was not recorded", e);
        } finally {
            gate.leave();
        }
    }

    /** In a transaction of its own, which has committed when this returns: the caller holds the gate until then. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void recordUse(Class<? extends RecordsUse> credential, String id, Instant now) {
        RecordsUse used = em.find(credential, id);
        if (used instanceof ApiToken token && token.lastUsedAt() == null) {
            audit.fire(AuditEvent.success(
                    token.userId(),
                    Optional.ofNullable(em.find(User.class, token.userId()))
                            .map(User::username)
                            .orElse(null),
                    AuditEvent.TOKEN_FIRST_USED,
                    token.id(),
                    token.name()));
        }
        if (used != null) {
            used.usedAt(now);
        }
    }
}
