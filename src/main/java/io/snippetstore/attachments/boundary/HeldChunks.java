package io.snippetstore.attachments.boundary;

import java.util.concurrent.Semaphore;

import io.snippetstore.attachments.entity.AttachmentChunk;

/**
 * How many attachment chunks the downloads of this deployment may hold at once: as many as fit in
 * a third of the heap, so that a hundred clients reading at 1 MB/s cannot fill it.
 */
final class HeldChunks {

    /**
     * What one chunk costs the heap. Below 8 GiB of heap G1's regions are at most 2 MiB, so an
     * array of a chunk plus its header is "humongous" and takes two 1 MiB regions or one of 2 MiB.
     */
    static final long COST = 2L * AttachmentChunk.SIZE;

    /** Fair, so that a download waiting for its next chunk is not passed by ones that came later. */
    static final Semaphore PERMITS = new Semaphore(permitsFor(Runtime.getRuntime().maxMemory()), true);

    private HeldChunks() {
    }

    static int permitsFor(long maxHeap) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, maxHeap / 3 / COST));
    }
}
