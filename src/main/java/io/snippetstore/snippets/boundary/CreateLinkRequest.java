package io.snippetstore.snippets.boundary;

import io.snippetstore.snippets.entity.ShareLink;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/** The body of {@code POST /snippets/{id}/links}: without {@code expiresInDays} the link lives until revoked. */
public record CreateLinkRequest(
        @Min(1) @Max(ShareLink.EXPIRES_IN_DAYS_MAX) Integer expiresInDays) {}
