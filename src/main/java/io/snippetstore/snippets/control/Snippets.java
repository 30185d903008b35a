package io.snippetstore.snippets.control;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.FieldErrors;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The snippet use cases. Every one is scoped to its owner: another user's snippet does not exist. */
@Stateless
public class Snippets {

    @PersistenceContext
    EntityManager em;

    @Inject
    SnippetQueries queries;

    @Inject
    Validator validator;

    @Inject
    @ConfigProperty(name = "SNIPPETS_MAX_CODE_BYTES")
    int maxCodeBytes;

    @WriteTransaction
    public SnippetData create(String ownerId, SnippetInput input) {
        checkCodeSize(input);
        Snippet snippet = new Snippet(Ids.next(), ownerId, input.fields(), Timestamps.now());
        em.persist(snippet);
        return SnippetData.of(snippet);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SnippetData get(String ownerId, String id) {
        return queries.find(ownerId, id).orElseThrow(ApiException::notFound);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SnippetPage list(String ownerId, SnippetQuery query) {
        return queries.list(ownerId, query);
    }

    /**
     * Applies a merge patch. With {@code expectedVersion}, only if the snippet is still at that
     * version (412 otherwise). A patch that changes nothing keeps version and {@code updatedAt}.
     */
    @WriteTransaction
    public SnippetData update(String ownerId, String id, SnippetPatch patch, OptionalLong expectedVersion) {
        Snippet snippet = owned(ownerId, id);
        if (expectedVersion.isPresent() && expectedVersion.getAsLong() != snippet.version()) {
            throw new ApiException(412, "precondition_failed",
                    "The snippet was changed since version " + expectedVersion.getAsLong() + "; it is at version " + snippet.version() + ".");
        }
        SnippetInput merged = patch.applyTo(snippet.fields());
        Set<ConstraintViolation<SnippetInput>> violations = validator.validate(merged);
        if (!violations.isEmpty()) {
            throw ApiException.validationFailed(FieldErrors.of(violations));
        }
        checkCodeSize(merged);
        snippet.change(merged.fields(), Timestamps.now());
        return SnippetData.of(snippet);
    }

    @WriteTransaction(freesSpace = true)
    public String delete(String ownerId, String id) {
        Snippet snippet = owned(ownerId, id);
        em.remove(snippet);
        return snippet.id();
    }

    private Snippet owned(String ownerId, String id) {
        return Optional.ofNullable(em.find(Snippet.class, id))
                .filter(snippet -> snippet.ownerId().equals(ownerId))
                .orElseThrow(ApiException::notFound);
    }

    private void checkCodeSize(SnippetInput input) {
        if (input.code() != null && input.code().getBytes(StandardCharsets.UTF_8).length > maxCodeBytes) {
            throw ApiException.validationFailed(List.of(new FieldError("code", "must be at most " + maxCodeBytes + " bytes of UTF-8")));
        }
    }
}
