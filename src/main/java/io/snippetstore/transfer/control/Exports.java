package io.snippetstore.transfer.control;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import io.snippetstore.attachments.control.AttachmentData;
import io.snippetstore.attachments.control.Attachments;
import io.snippetstore.attachments.control.HeldChunks;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.control.CollectionData;
import io.snippetstore.snippets.control.Collections;
import io.snippetstore.snippets.control.RevisionData;
import io.snippetstore.snippets.control.Revisions;
import io.snippetstore.snippets.control.SnippetData;
import io.snippetstore.snippets.control.Snippets;
import io.snippetstore.snippets.entity.SnippetFields;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonWriter;

/**
 * Writes a user's own snippets, tags, attachments, history, stars, pins and collections as one archive ({@link ArchiveFormat}) while
 * the client reads it: a page of snippets and one chunk of an attachment at a time in memory,
 * whatever the user holds. Not a bean: an export lasts as long as its client takes to read it, and
 * for all that time a bean would hold one of WildFly's pooled instances (16 a core) and, on Open
 * Liberty, the connection its local transaction containment shares with the beans it calls. Each
 * page and chunk is read by a bean call of its own, and holds a connection only while it is read.
 */
@ApplicationScoped
public class Exports {

    private static final int PAGE = 100;

    @Inject
    Snippets snippets;

    @Inject
    Attachments attachments;

    @Inject
    Revisions revisions;

    @Inject
    Collections collections;

    @Inject
    Event<AuditEvent> audit;

    public void write(Caller caller, OutputStream out) {
        try {
            ZipOutputStream zip = new ZipOutputStream(out);
            zip.setLevel(Deflater.BEST_SPEED);
            HeldChunks.Writer chunks = HeldChunks.SHARED.writer(zip);
            JsonArrayBuilder written = Json.createArrayBuilder();
            long snippetCount = 0;
            long attachmentCount = 0;
            String after = "";
            for (List<SnippetData> page = snippets.ownedAfter(caller, after, PAGE);
                    !page.isEmpty();
                    page = snippets.ownedAfter(caller, after, PAGE)) {
                Set<String> starred = snippets.starredAmong(
                        caller, page.stream().map(SnippetData::id).toList());
                for (SnippetData snippet : page) {
                    List<AttachmentData> files = attachments.list(caller, snippet.id());
                    for (AttachmentData file : files) {
                        writeAttachment(zip, chunks, file);
                    }
                    List<RevisionData> versions = revisions.all(caller, snippet.id());
                    JsonArrayBuilder history = Json.createArrayBuilder();
                    Optional<List<String>> changed = Optional.empty();
                    for (RevisionData version : versions) {
                        if (version.version() == snippet.version()) {
                            changed = version.changed();
                        } else {
                            String path = ArchiveFormat.revisionPath(snippet.id(), version.version());
                            writeJson(zip, path, describe(revisions.get(caller, snippet.id(), version.version())));
                            history.add(path);
                        }
                    }
                    writeJson(
                            zip,
                            ArchiveFormat.snippetPath(snippet.id()),
                            describe(snippet, files, changed)
                                    .add("revisions", history)
                                    .add("starred", starred.contains(snippet.id())));
                    written.add(ArchiveFormat.snippetPath(snippet.id()));
                    snippetCount++;
                    attachmentCount += files.size();
                }
                after = page.get(page.size() - 1).id();
            }
            JsonArrayBuilder collectionPaths = Json.createArrayBuilder();
            List<CollectionData> own = collections.mine(caller);
            for (CollectionData collection : own) {
                String path = ArchiveFormat.collectionPath(collection.id());
                writeJson(zip, path, describe(collection, collections.ownSnippetIdsIn(caller, collection.id())));
                collectionPaths.add(path);
            }
            JsonArrayBuilder pinned = Json.createArrayBuilder();
            snippets.pinnedIds(caller).forEach(pinned::add);
            writeJson(
                    zip,
                    ArchiveFormat.MANIFEST,
                    Json.createObjectBuilder()
                            .add("format", ArchiveFormat.FORMAT)
                            .add("version", ArchiveFormat.VERSION)
                            .add("exportedAt", Timestamps.format(Timestamps.now()))
                            .add(
                                    "user",
                                    Json.createObjectBuilder()
                                            .add("id", caller.userId())
                                            .add("username", caller.username()))
                            .add("snippetCount", snippetCount)
                            .add("attachmentCount", attachmentCount)
                            .add("collectionCount", own.size())
                            .add("snippets", written)
                            .add("collections", collectionPaths)
                            .add("pinned", pinned));
            zip.finish();
            zip.flush();
            audit.fire(AuditEvent.success(
                    caller,
                    AuditEvent.DATA_EXPORTED,
                    null,
                    snippetCount + " snippets, " + attachmentCount + " attachments"));
        } catch (IOException e) {
            throw new UncheckedIOException("The export was not completed (the client may have gone)", e);
        }
    }

    /** An earlier version: its number, time, author (for the reader: an import makes the importer its author), changed fields and fields. */
    private static JsonObjectBuilder describe(RevisionData revision) {
        JsonObjectBuilder json = Json.createObjectBuilder()
                .add("version", revision.version())
                .add("createdAt", Timestamps.format(revision.createdAt()));
        addNullable(json, "author", revision.authorUsername());
        addChanged(json, revision.changed());
        return addFields(json, revision.fields().orElseThrow());
    }

    /** A collection: where it is, what it is, and its snippets of the archive in its order (others' snippets in it stay out). */
    private static JsonObjectBuilder describe(CollectionData collection, List<String> snippetIds) {
        JsonObjectBuilder json =
                Json.createObjectBuilder().add("id", collection.id()).add("name", collection.name());
        addNullable(json, "parentId", collection.parentId().orElse(null));
        addNullable(json, "description", collection.description().orElse(null));
        JsonArrayBuilder held = Json.createArrayBuilder();
        snippetIds.forEach(held::add);
        return json.add("visibility", collection.visibility().apiName())
                .add("createdAt", Timestamps.format(collection.createdAt()))
                .add("snippets", held);
    }

    private static void addChanged(JsonObjectBuilder json, Optional<List<String>> changed) {
        changed.ifPresentOrElse(
                names -> {
                    JsonArrayBuilder array = Json.createArrayBuilder();
                    names.forEach(array::add);
                    json.add("changedFields", array);
                },
                () -> json.addNull("changedFields"));
    }

    private static JsonObjectBuilder addFields(JsonObjectBuilder json, SnippetFields fields) {
        JsonArrayBuilder tags = Json.createArrayBuilder();
        fields.tags().forEach(tags::add);
        json.add("title", fields.title());
        addNullable(json, "description", fields.description());
        addNullable(json, "notes", fields.notes());
        return json.add("language", fields.language())
                .add("code", fields.code())
                .add("tags", tags)
                .add("visibility", fields.visibility().apiName());
    }

    private static JsonObjectBuilder describe(
            SnippetData snippet, List<AttachmentData> files, Optional<List<String>> changed) {
        JsonArrayBuilder attached = Json.createArrayBuilder();
        for (AttachmentData file : files) {
            attached.add(Json.createObjectBuilder()
                    .add("id", file.id())
                    .add("filename", file.filename())
                    .add("mimeType", file.mimeType())
                    .add("size", file.size())
                    .add("sha256", file.sha256())
                    .add("createdAt", Timestamps.format(file.createdAt()))
                    .add("path", ArchiveFormat.attachmentPath(file.id())));
        }
        JsonObjectBuilder json = addFields(Json.createObjectBuilder().add("id", snippet.id()), snippet.fields())
                .add("version", snippet.version());
        addChanged(json, changed);
        return json.add("createdAt", Timestamps.format(snippet.createdAt()))
                .add("updatedAt", Timestamps.format(snippet.updatedAt()))
                .add("attachments", attached);
    }

    private static void addNullable(JsonObjectBuilder json, String name, String value) {
        if (value == null) {
            json.addNull(name);
        } else {
            json.add(name, value);
        }
    }

    private void writeAttachment(ZipOutputStream zip, HeldChunks.Writer chunks, AttachmentData file)
            throws IOException {
        zip.putNextEntry(new ZipEntry(ArchiveFormat.attachmentPath(file.id())));
        long copied = 0;
        for (long ordinal = 0; copied < file.size(); ordinal++) {
            long next = ordinal;
            OptionalInt written = chunks.write(() -> attachments.findChunk(file.id(), next), 0, file.size() - copied);
            if (written.isEmpty()) {
                break; // deleted while the export ran: its entry stays short, and the snippet's document says so by its
                // sha256
            }
            copied += written.getAsInt();
        }
        zip.closeEntry();
    }

    private static void writeJson(ZipOutputStream zip, String path, JsonObjectBuilder json) throws IOException {
        zip.putNextEntry(new ZipEntry(path));
        JsonWriter writer = Json.createWriter(new NonClosing(zip));
        writer.writeObject(json.build());
        writer.close();
        zip.closeEntry();
    }

    /** JSON-P closes the stream it wrote to; the archive's entry must stay open for the ZIP to close it. */
    private static final class NonClosing extends FilterOutputStream {

        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            out.write(bytes, offset, length);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
