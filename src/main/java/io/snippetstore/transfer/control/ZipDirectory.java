package io.snippetstore.transfer.control;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

import io.snippetstore.platform.ApiException;

/**
 * Checks a ZIP file's end record before {@link java.util.zip.ZipFile} opens it: {@code ZipFile}
 * reads the whole central directory into memory and sizes its tables by the entry count the end
 * record gives, so an archive of a few kilobytes that claims a directory of a gigabyte would be
 * read in whole. The end record is found as {@code ZipFile} finds it (the last 64 KiB searched
 * from the end), and a ZIP64 end record where it points to one.
 */
final class ZipDirectory {

    private static final int END_SIGNATURE = 0x06054b50;
    private static final int END_BYTES = 22;
    private static final int ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
    private static final int ZIP64_LOCATOR_BYTES = 20;
    private static final int ZIP64_END_SIGNATURE = 0x06064b50;
    private static final int ZIP64_END_BYTES = 56;
    private static final int MAX_COMMENT_BYTES = 0xFFFF;
    private static final int DIRECTORY_SIGNATURE = 0x02014b50;
    private static final int ENTRY_SIGNATURE = 0x04034b50;

    private ZipDirectory() {}

    /** 400 {@code invalid_archive} unless every end record claims at most {@code maxEntries} entries and {@code maxDirectoryBytes} of directory. */
    static void requireWithin(Path zip, long maxEntries, long maxDirectoryBytes) {
        try (RandomAccessFile file = new RandomAccessFile(zip.toFile(), "r")) {
            long length = file.length();
            int tailLength = (int) Math.min(length, END_BYTES + MAX_COMMENT_BYTES);
            ByteBuffer tail = read(file, length - tailLength, tailLength);
            for (int at = tailLength - END_BYTES; at >= 0; at--) {
                long endPosition = length - tailLength + at;
                if (tail.getInt(at) == END_SIGNATURE && isTheEnd(file, endPosition, tail, at)) {
                    check(file, endPosition, tail, at, maxEntries, maxDirectoryBytes);
                    return;
                }
            }
            throw ApiException.invalidArchive("The body is not a ZIP archive.");
        } catch (IOException e) {
            throw ApiException.invalidArchive("The archive could not be read.");
        }
    }

    /**
     * Whether {@code ZipFile} takes the end record found here, as the JDK's {@code findEND} does:
     * its comment runs exactly to the end of the file, or the directory and first entry it points
     * to start with their signatures. The first one it takes, from the end, is the one it reads.
     */
    private static boolean isTheEnd(RandomAccessFile file, long endPosition, ByteBuffer tail, int at)
            throws IOException {
        int commentLength = Short.toUnsignedInt(tail.getShort(at + 20));
        if (endPosition + END_BYTES + commentLength == file.length()) {
            return true;
        }
        long directoryPosition = endPosition - Integer.toUnsignedLong(tail.getInt(at + 12));
        long firstEntryPosition = directoryPosition - Integer.toUnsignedLong(tail.getInt(at + 16));
        return directoryPosition >= 0
                && firstEntryPosition >= 0
                && read(file, directoryPosition, 4).getInt(0) == DIRECTORY_SIGNATURE
                && read(file, firstEntryPosition, 4).getInt(0) == ENTRY_SIGNATURE;
    }

    private static void check(
            RandomAccessFile file, long endPosition, ByteBuffer tail, int at, long maxEntries, long maxDirectoryBytes)
            throws IOException {
        long entries = Short.toUnsignedInt(tail.getShort(at + 10));
        long directoryBytes = Integer.toUnsignedLong(tail.getInt(at + 12));
        long directoryOffset = Integer.toUnsignedLong(tail.getInt(at + 16));
        if ((entries == 0xFFFF || directoryBytes == 0xFFFFFFFFL || directoryOffset == 0xFFFFFFFFL)
                && endPosition >= ZIP64_LOCATOR_BYTES) {
            ByteBuffer locator = read(file, endPosition - ZIP64_LOCATOR_BYTES, ZIP64_LOCATOR_BYTES);
            if (locator.getInt(0) == ZIP64_LOCATOR_SIGNATURE) {
                long zip64End = locator.getLong(8);
                // one that cannot be read is passed over, by ZipFile too, which then reads the plain record's numbers
                ByteBuffer end = zip64End < 0 || zip64End > file.length() - ZIP64_END_BYTES
                        ? null
                        : read(file, zip64End, ZIP64_END_BYTES);
                if (end != null && end.getInt(0) == ZIP64_END_SIGNATURE) {
                    entries = end.getLong(32);
                    directoryBytes = end.getLong(40);
                }
            }
        }
        if (entries < 0 || entries > maxEntries || directoryBytes < 0 || directoryBytes > maxDirectoryBytes) {
            throw tooLarge(maxEntries, maxDirectoryBytes);
        }
    }

    private static ByteBuffer read(RandomAccessFile file, long position, int length) throws IOException {
        byte[] bytes = new byte[length];
        file.seek(position);
        file.readFully(bytes);
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static ApiException tooLarge(long maxEntries, long maxDirectoryBytes) {
        return ApiException.invalidArchive("The archive's directory lists more than " + maxEntries + " entries or "
                + maxDirectoryBytes + " bytes, more than an import takes.");
    }
}
