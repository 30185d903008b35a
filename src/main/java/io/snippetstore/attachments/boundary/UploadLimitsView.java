package io.snippetstore.attachments.boundary;

/** What {@code GET /attachments/limits} answers: the largest attachment an upload takes, in bytes. */
public record UploadLimitsView(long maxUploadBytes) {}
