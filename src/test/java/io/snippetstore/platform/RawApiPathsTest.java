package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

class RawApiPathsTest {

    private static boolean refused(String sent) {
        return RawApiPaths.isRefused(sent.toLowerCase(Locale.ROOT), "");
    }

    @Test
    void apiPathsThatCouldClimbOrHideASeparatorAreRefused() {
        for (String sent : List.of(
                "/api/v1/..%2F..%2Findex.html",
                "/api/v1/%2e%2e/index.html",
                "/api/v1/./snippets",
                "/api/v1/snippets/..",
                "/api/v1/snippets/a%5Cb",
                "/api/v1/snippets/a%00",
                "/api/v1/snippets/%",
                "/api/v1/snippets/%zz",
                "/api/v1/snippets/%4",
                "/api%2fv1/snippets",
                "/api;x/v1/../index.html")) {
            assertTrue(refused(sent), sent);
        }
    }

    @Test
    void everyPathTheApiHasAndEveryPathOutsideItPass() {
        for (String sent : List.of(
                "/api/v1/snippets",
                "/api/v1/snippets/01a2-b3/revisions/1/diff/2",
                "/api/v1/shared/AbC-_09",
                "/api/v1/storage/backups/snippets-2026-12-01T10-00-00Z.db",
                "/api/v1/snippets/caf%C3%A9",
                "/api/ready",
                "/api/v1/users/x.y",
                "/index.html",
                "/../outside/the/api",
                "/css/app.css",
                "/apiary/%")) {
            assertFalse(refused(sent), sent);
        }
    }
}
