package io.snippetstore.transfer.control;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import io.snippetstore.platform.ApiException;
import io.snippetstore.snippets.control.CollectionInput;
import io.snippetstore.snippets.control.HistoricVersion;
import io.snippetstore.snippets.control.SnippetInput;
import io.snippetstore.snippets.control.Snippets;
import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.snippets.entity.SnippetCollection;
import io.snippetstore.snippets.entity.SnippetRevision;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Reads an export archive ({@link ArchiveFormat}) into the snippets it holds, checking its shape
 * before anything is written: the manifest's format and version, each snippet's document and
 * fields' JSON types, that every attachment's entry exists, that collections and pins name the
 * archive's own snippets and collections nest as a tree ({@link CollectionOrder}), and the {@link ArchiveLimits}: a
 * document is refused as soon as it passes its bound, the same document or attachment entry
 * listed twice is refused, and so are archives with more snippets, attachments, text or expanded
 * bytes than the limits. Field rules are the snippets' own, checked when they are created.
 */
final class ArchiveReader {

    /** What the manifest may hold besides its paths. */
    static final int MANIFEST_BASE_BYTES = 64 * 1024;

    /** Room in the manifest for each snippet's path: ours are 40 characters ({@code snippets/<id>.json}), others' may be longer. */
    static final int MANIFEST_BYTES_PER_SNIPPET = 256;

    /** The collections an archive's documents may hold together (a user's most, each at its most, is far more). */
    static final int MAX_COLLECTION_ENTRIES = 100_000;

    private static final Set<String> MANIFEST_FIELDS = Set.of("format", "version");
    private static final Set<String> SNIPPET_FIELDS =
            Set.of("id", "title", "description", "notes", "language", "code", "visibility", "version", "starred");
    private static final Set<String> COLLECTION_FIELDS = Set.of("id", "name", "parentId", "description", "visibility");
    private static final Set<String> REVISION_FIELDS =
            Set.of("version", "createdAt", "title", "description", "notes", "language", "code", "visibility");

    private final ZipFile zip;
    private final ArchiveLimits limits;
    private final Set<String> documents = new HashSet<>();
    private final Set<String> attachmentEntries = new HashSet<>();
    private long textBytes;
    private long expandedBytes;
    private int revisions;
    private int collectionEntries;

    private ArchiveReader(ZipFile zip, ArchiveLimits limits) {
        this.zip = zip;
        this.limits = limits;
    }

    static ArchivePlan read(ZipFile zip, ArchiveLimits limits) {
        return new ArchiveReader(zip, limits).read();
    }

    private ArchivePlan read() {
        JsonObject manifest = json(
                ArchiveFormat.MANIFEST,
                MANIFEST_BASE_BYTES
                        + (long) MANIFEST_BYTES_PER_SNIPPET
                                * (limits.maxSnippets() + SnippetCollection.PER_USER_MAX + Snippets.PINS_MAX),
                Map.of(
                        "snippets",
                        limits.maxSnippets(),
                        "collections",
                        SnippetCollection.PER_USER_MAX,
                        "pinned",
                        Snippets.PINS_MAX),
                MANIFEST_FIELDS);
        if (!ArchiveFormat.FORMAT.equals(text(manifest, "format", ArchiveFormat.MANIFEST))) {
            throw ApiException.invalidArchive(
                    "manifest.json does not describe a Snippet Store export (format " + ArchiveFormat.FORMAT + ").");
        }
        if (!(manifest.get("version") instanceof JsonNumber version)
                || !version.isIntegral()
                || !ArchiveFormat.READABLE_VERSIONS.contains(version.intValue())) {
            throw ApiException.invalidArchive("manifest.json has a version this build does not read (it reads versions "
                    + ArchiveFormat.READABLE_VERSIONS.stream()
                            .sorted()
                            .map(String::valueOf)
                            .collect(Collectors.joining(" and "))
                    + ").");
        }
        List<JsonValue> paths = array(manifest, "snippets", ArchiveFormat.MANIFEST);
        List<ArchivedSnippet> snippets = new ArrayList<>();
        for (JsonValue path : paths) {
            if (!(path instanceof JsonString snippetPath)) {
                throw ApiException.invalidArchive(
                        "manifest.json: snippets must list the paths of the snippets' documents.");
            }
            if (!documents.add(snippetPath.getString())) {
                throw ApiException.invalidArchive(
                        "manifest.json lists " + snippetPath.getString() + " more than once.");
            }
            snippets.add(snippet(snippetPath.getString()));
        }
        Map<String, Long> sourceIds = snippets.stream()
                .map(ArchivedSnippet::sourceId)
                .filter(java.util.Objects::nonNull)
                .collect(Collectors.groupingBy(id -> id, Collectors.counting()));
        List<ArchivedCollection> collections = new ArrayList<>();
        for (JsonValue path : array(manifest, "collections", ArchiveFormat.MANIFEST)) {
            if (!(path instanceof JsonString collectionPath) || !documents.add(collectionPath.getString())) {
                throw ApiException.invalidArchive(
                        "manifest.json: collections must list the paths of the collections' documents, each once.");
            }
            collections.add(collection(collectionPath.getString(), sourceIds));
        }
        List<String> pinned = new ArrayList<>();
        for (JsonValue id : array(manifest, "pinned", ArchiveFormat.MANIFEST)) {
            pinned.add(snippetReference(id, sourceIds, ArchiveFormat.MANIFEST + ": pinned"));
        }
        return new ArchivePlan(snippets, CollectionOrder.parentsFirst(collections), pinned);
    }

    private ArchivedCollection collection(String path, Map<String, Long> sourceIds) {
        JsonObject document = json(
                path,
                6L * SnippetCollection.DESCRIPTION_MAX
                        + (long) MANIFEST_BYTES_PER_SNIPPET * SnippetCollection.SNIPPETS_MAX
                        + MANIFEST_BASE_BYTES,
                Map.of("snippets", SnippetCollection.SNIPPETS_MAX),
                COLLECTION_FIELDS);
        List<String> held = new ArrayList<>();
        for (JsonValue id : array(document, "snippets", path)) {
            if (++collectionEntries > MAX_COLLECTION_ENTRIES) {
                throw ApiException.invalidArchive("The archive's collections hold more than " + MAX_COLLECTION_ENTRIES
                        + " snippets together, the most an import takes.");
            }
            held.add(snippetReference(id, sourceIds, path + ": snippets"));
        }
        if (held.size() != Set.copyOf(held).size()) {
            throw ApiException.invalidArchive(path + ": snippets lists a snippet more than once.");
        }
        return new ArchivedCollection(
                text(document, "id", path),
                optionalText(document, "parentId", path),
                new CollectionInput(
                        text(document, "name", path),
                        optionalText(document, "description", path),
                        null,
                        optionalText(document, "visibility", path),
                        null),
                held);
    }

    /** A snippet a collection or the pins name: exactly one snippet of the archive, by its id there. */
    private static String snippetReference(JsonValue id, Map<String, Long> sourceIds, String where) {
        if (!(id instanceof JsonString snippetId) || sourceIds.getOrDefault(snippetId.getString(), 0L) != 1) {
            throw ApiException.invalidArchive(where + " must name snippets of the archive by their ids.");
        }
        return snippetId.getString();
    }

    private ArchivedSnippet snippet(String path) {
        JsonObject document = json(
                path,
                limits.maxDocumentBytes(),
                Map.of(
                        "tags",
                        Snippet.TAGS_MAX,
                        "changedFields",
                        SnippetRevision.FIELDS.size(),
                        "revisions",
                        limits.maxRevisions(),
                        "attachments",
                        limits.maxAttachments()),
                SNIPPET_FIELDS);
        SnippetInput input = input(document, path);
        long version = document.containsKey("version") ? version(document, path) : 1;
        List<HistoricVersion> history = new ArrayList<>();
        Set<Long> versions = new HashSet<>();
        for (JsonValue value : array(document, "revisions", path)) {
            if (!(value instanceof JsonString revisionPath) || !documents.add(revisionPath.getString())) {
                throw ApiException.invalidArchive(
                        path + ": revisions must list the paths of the snippet's earlier versions, each once.");
            }
            if (++revisions > limits.maxRevisions()) {
                throw ApiException.invalidArchive("The archive holds more than " + limits.maxRevisions()
                        + " earlier versions, the most an import takes.");
            }
            HistoricVersion earlier = historicVersion(revisionPath.getString());
            if (earlier.version() >= version || !versions.add(earlier.version())) {
                throw ApiException.invalidArchive(revisionPath.getString() + ": version " + earlier.version()
                        + " must be older than the snippet's version " + version + " and its only one.");
            }
            history.add(earlier);
        }
        history.sort(Comparator.comparingLong(HistoricVersion::version));
        List<ArchivedSnippet.ArchivedAttachment> attachments = new ArrayList<>();
        for (JsonValue value : array(document, "attachments", path)) {
            if (!(value instanceof JsonObject attachment)) {
                throw ApiException.invalidArchive(path + ": attachments must be objects.");
            }
            String entry = text(attachment, "path", path);
            if (zip.getEntry(entry) == null) {
                throw ApiException.invalidArchive(path + ": the attachment " + entry + " is not in the archive.");
            }
            if (!attachmentEntries.add(entry)) {
                throw ApiException.invalidArchive(
                        path + ": the attachment " + entry + " is listed more than once in the archive.");
            }
            if (attachmentEntries.size() > limits.maxAttachments()) {
                throw ApiException.invalidArchive("The archive holds more than " + limits.maxAttachments()
                        + " attachments, the most an import takes.");
            }
            if (!(attachment.get("size") instanceof JsonNumber size) || !size.isIntegral() || size.longValue() < 0) {
                throw ApiException.invalidArchive(path + ": an attachment's size must be a whole number of bytes.");
            }
            expand(size.longValue());
            attachments.add(new ArchivedSnippet.ArchivedAttachment(
                    text(attachment, "filename", path),
                    optionalText(attachment, "mimeType", path),
                    size.longValue(),
                    text(attachment, "sha256", path),
                    entry));
        }
        JsonValue starred = document.getOrDefault("starred", JsonValue.FALSE);
        if (starred != JsonValue.TRUE && starred != JsonValue.FALSE) {
            throw ApiException.invalidArchive(path + ": starred must be true or false.");
        }
        return new ArchivedSnippet(
                optionalText(document, "id", path),
                input,
                version,
                changed(document, path),
                history,
                attachments,
                starred == JsonValue.TRUE);
    }

    private static SnippetInput input(JsonObject document, String path) {
        List<String> tags = new ArrayList<>();
        for (JsonValue tag : array(document, "tags", path)) {
            if (!(tag instanceof JsonString name)) {
                throw ApiException.invalidArchive(path + ": tags must be strings.");
            }
            tags.add(name.getString());
        }
        return new SnippetInput(
                text(document, "title", path),
                optionalText(document, "description", path),
                optionalText(document, "notes", path),
                text(document, "language", path),
                text(document, "code", path),
                tags,
                optionalText(document, "visibility", path),
                null);
    }

    private HistoricVersion historicVersion(String path) {
        JsonObject document = json(
                path,
                limits.maxDocumentBytes(),
                Map.of("tags", Snippet.TAGS_MAX, "changedFields", SnippetRevision.FIELDS.size()),
                REVISION_FIELDS);
        try {
            return new HistoricVersion(
                    version(document, path),
                    Instant.parse(text(document, "createdAt", path)),
                    changed(document, path),
                    input(document, path));
        } catch (DateTimeParseException e) {
            throw ApiException.invalidArchive(path + ": createdAt must be a time such as 2026-01-31T12:00:00.000Z.");
        }
    }

    private static long version(JsonObject document, String path) {
        if (!(document.get("version") instanceof JsonNumber number) || !number.isIntegral() || number.longValue() < 1) {
            throw ApiException.invalidArchive(path + ": version must be a whole number from 1.");
        }
        return number.longValue();
    }

    private static Optional<List<String>> changed(JsonObject document, String path) {
        JsonValue value = document.get("changedFields");
        if (value == null || value == JsonValue.NULL) {
            return Optional.empty();
        }
        List<String> names = new ArrayList<>();
        for (JsonValue name : array(document, "changedFields", path)) {
            if (!(name instanceof JsonString field) || !SnippetRevision.FIELDS.contains(field.getString())) {
                throw ApiException.invalidArchive(path + ": changedFields must name fields of a snippet.");
            }
            names.add(field.getString());
        }
        return Optional.of(names);
    }

    private void expand(long bytes) {
        expandedBytes += bytes;
        if (expandedBytes > limits.maxExpandedBytes()) {
            throw ApiException.invalidArchive("The archive expands to more than " + limits.maxExpandedBytes()
                    + " bytes, the most an import takes.");
        }
    }

    /**
     * The JSON object at {@code path}, read only up to {@code maxBytes} (a larger entry is refused
     * before the rest is read) and built only within the format's room ({@link ArchiveJson}).
     */
    private JsonObject json(String path, long maxBytes, Map<String, Integer> arrayLimits, Set<String> scalars) {
        ZipEntry entry = zip.getEntry(path);
        if (entry == null) {
            throw ApiException.invalidArchive("The archive has no " + path + ".");
        }
        try (InputStream in = zip.getInputStream(entry)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes) {
                throw ApiException.invalidArchive(
                        path + " is larger than " + maxBytes + " bytes, more than any document this service writes.");
            }
            if (!path.equals(ArchiveFormat.MANIFEST)) {
                textBytes += bytes.length;
                if (textBytes > limits.maxTextBytes()) {
                    throw ApiException.invalidArchive("The snippets' documents hold more than " + limits.maxTextBytes()
                            + " bytes together, the most an import takes.");
                }
                expand(bytes.length);
            }
            return ArchiveJson.read(path, new ByteArrayInputStream(bytes), arrayLimits, scalars);
        } catch (JsonException | NoSuchElementException | IllegalStateException e) {
            throw ApiException.invalidArchive(path + " is not a JSON object.");
        } catch (IOException e) {
            throw ApiException.invalidArchive(path + " cannot be read from the archive.");
        }
    }

    private static String text(JsonObject object, String field, String path) {
        if (!(object.get(field) instanceof JsonString value)) {
            throw ApiException.invalidArchive(path + ": " + field + " must be a string.");
        }
        return value.getString();
    }

    private static String optionalText(JsonObject object, String field, String path) {
        JsonValue value = object.get(field);
        return value == null || value == JsonValue.NULL ? null : text(object, field, path);
    }

    private static List<JsonValue> array(JsonObject object, String field, String path) {
        JsonValue value = object.get(field);
        if (value == null || value == JsonValue.NULL) {
            return List.of();
        }
        if (value.getValueType() != JsonValue.ValueType.ARRAY) {
            throw ApiException.invalidArchive(path + ": " + field + " must be an array.");
        }
        return value.asJsonArray();
    }
}
