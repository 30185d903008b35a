package io.snippetstore.attachments.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ByteRangeTest {

    private static ByteRange part(String header, long size) {
        return assertInstanceOf(ByteRange.Part.class, ByteRange.select(header, size))
                .range();
    }

    @Test
    void aClosedRangeSelectsThoseBytes() {
        ByteRange range = part("bytes=2-5", 10);

        assertEquals(new ByteRange(2, 5), range);
        assertEquals(4, range.length());
        assertEquals("bytes 2-5/10", range.contentRange(10));
    }

    @Test
    void anOpenRangeRunsToTheEndAndALastPositionPastTheEndIsCut() {
        assertEquals(new ByteRange(7, 9), part("bytes=7-", 10));
        assertEquals(new ByteRange(7, 9), part("bytes=7-100", 10));
    }

    @Test
    void aSuffixRangeSelectsTheLastBytes() {
        assertEquals(new ByteRange(7, 9), part("bytes=-3", 10));
        assertEquals(new ByteRange(0, 9), part("bytes=-30", 10));
    }

    @Test
    void aRangeStartingAtOrPastTheEndIsUnsatisfiable() {
        assertInstanceOf(ByteRange.Unsatisfiable.class, ByteRange.select("bytes=10-", 10));
        assertInstanceOf(ByteRange.Unsatisfiable.class, ByteRange.select("bytes=10-20", 10));
        assertInstanceOf(ByteRange.Unsatisfiable.class, ByteRange.select("bytes=-0", 10));
        assertInstanceOf(ByteRange.Unsatisfiable.class, ByteRange.select("bytes=0-", 0));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "bytes=",
                "bytes=-",
                "bytes=5-2",
                "items=0-1",
                "bytes=0-1,3-4",
                "bytes=a-b",
                "bytes=99999999999999999999-"
            })
    void aHeaderThisServiceDoesNotServeIsIgnored(String header) {
        assertInstanceOf(ByteRange.Whole.class, ByteRange.select(header, 10));
    }

    @Test
    void noHeaderMeansTheWholeFile() {
        assertInstanceOf(ByteRange.Whole.class, ByteRange.select(null, 10));
    }
}
