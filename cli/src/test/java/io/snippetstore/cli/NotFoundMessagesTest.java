package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

/** A 404 names what was asked for: the kind and the id, and where to find the right one. */
class NotFoundMessagesTest {

    @Test
    void aMissingSnippetAttachmentVersionOrTrashedSnippetIsNamed() {
        assertTrue(Api.missing("/api/v1/snippets/01a2").orElseThrow().startsWith("No snippet 01a2 "));
        assertTrue(
                Api.missing("/api/v1/snippets/01a2/attachments").orElseThrow().startsWith("No snippet 01a2 "));
        assertTrue(Api.missing("/api/v1/snippets/01a2/revisions?limit=50")
                .orElseThrow()
                .startsWith("No snippet 01a2 "));
        assertTrue(Api.missing("/api/v1/snippets/01a2/revisions/7")
                .orElseThrow()
                .startsWith("No version 7 of snippet 01a2 "));
        assertTrue(Api.missing("/api/v1/attachments/a%20b").orElseThrow().startsWith("No attachment a b "));
        assertTrue(Api.missing("/api/v1/trash/01a2/restore").orElseThrow().startsWith("No snippet 01a2 in your trash"));
    }

    @Test
    void otherPathsKeepTheServicesOwnMessage() {
        assertEquals(Optional.empty(), Api.missing("/api/v1/auth/tokens"));
        assertEquals(Optional.empty(), Api.missing("/api/v1/groups/ops"));
    }
}
