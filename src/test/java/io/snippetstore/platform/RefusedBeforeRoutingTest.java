package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

class RefusedBeforeRoutingTest {

    private static boolean refused(String sent) {
        return RefusedBeforeRouting.isRefused(sent.toLowerCase(Locale.ROOT));
    }

    @Test
    void pathsThatCouldClimbOrHideASeparatorAreRefusedInsideTheApiAndOutsideIt() {
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
                "/api;x/v1/../index.html",
                "/api/v1/..;/index.html",
                "/api/v1/snippets/..;x=1/..;/index.html",
                "/api/v1/.;/snippets",
                "/../outside/the/api",
                "/css/..%2F..%2Fserver.xml",
                "/s/%2e%2e/x",
                "/apiary/%")) {
            assertTrue(refused(sent), sent);
        }
    }

    @Test
    void everyPathOfTheServicePasses() {
        for (String sent : List.of(
                "/api/v1/snippets",
                "/api/v1/snippets/01a2-b3/revisions/1/diff/2",
                "/api/v1/shared/AbC-_09",
                "/api/v1/storage/backups/snippets-2026-12-01T10-00-00Z.db",
                "/api/v1/snippets/caf%C3%A9",
                "/api/ready",
                "/api/v1/users/x.y",
                "/api/v1/users/..x",
                "/api/v1/storage/backups/.x.db",
                "/index.html",
                "/css/app.css",
                "/s/AbC-_09",
                "/")) {
            assertFalse(refused(sent), sent);
        }
    }

    @Test
    void theApiIsWhatStartsWithItsSegmentAsSentWithinTheContext() {
        assertEquals("/api/v1/snippets", RefusedBeforeRouting.withinApplication("/store/api/v1/snippets", "/store"));
        assertTrue(RefusedBeforeRouting.isApi("/api/v1/snippets"));
        assertTrue(RefusedBeforeRouting.isApi("/api%2fv1/snippets"));
        assertTrue(RefusedBeforeRouting.isApi("/api;x/v1"));
        assertFalse(RefusedBeforeRouting.isApi("/apiary/x"));
        assertFalse(RefusedBeforeRouting.isApi("/index.html"));
    }
}
