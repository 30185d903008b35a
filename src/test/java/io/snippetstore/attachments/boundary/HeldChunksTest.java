package io.snippetstore.attachments.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HeldChunksTest {

    private static final long MIB = 1L << 20;

    @Test
    void theChunksHeldFitInAThirdOfTheHeapAtTwoMebibytesEach() {
        assertEquals(85, HeldChunks.permitsFor(512 * MIB));
        assertEquals(341, HeldChunks.permitsFor(2048 * MIB));
    }

    @Test
    void aHeapTooSmallForOneChunkStillLetsOneDownloadGoOn() {
        assertEquals(1, HeldChunks.permitsFor(4 * MIB));
    }
}
