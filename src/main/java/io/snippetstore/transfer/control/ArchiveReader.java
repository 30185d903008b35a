package io.snippetstore.transfer.control;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import io.snippetstore.platform.ApiException;
import io.snippetstore.snippets.control.SnippetInput;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Reads an export archive ({@link ArchiveFormat}) into the snippets it holds, checking its shape
 * before anything is written: the manifest's format and version, each snippet's document and
 * fields' JSON types, and that every attachment's entry exists. Field rules are the snippets'
 * own, checked when they are created.
 */
final class ArchiveReader {

    /** A manifest or a snippet's document is small; a larger entry is not one this service wrote. */
    static final int MAX_JSON_BYTES = 32 * 1024 * 1024;

    private ArchiveReader() {
    }

    static List<ArchivedSnippet> read(ZipFile zip) {
        JsonObject manifest = json(zip, ArchiveFormat.MANIFEST);
        if (!ArchiveFormat.FORMAT.equals(text(manifest, "format", ArchiveFormat.MANIFEST))) {
            throw ApiException.invalidArchive("manifest.json does not describe a Snippet Store export (format " + ArchiveFormat.FORMAT + ").");
        }
        if (!(manifest.get("version") instanceof JsonNumber version) || version.intValue() != ArchiveFormat.VERSION) {
            throw ApiException.invalidArchive("manifest.json has a version this build does not read (it reads version " + ArchiveFormat.VERSION + ").");
        }
        List<ArchivedSnippet> snippets = new ArrayList<>();
        for (JsonValue path : array(manifest, "snippets", ArchiveFormat.MANIFEST)) {
            if (!(path instanceof JsonString snippetPath)) {
                throw ApiException.invalidArchive("manifest.json: snippets must list the paths of the snippets' documents.");
            }
            snippets.add(snippet(zip, snippetPath.getString()));
        }
        return snippets;
    }

    private static ArchivedSnippet snippet(ZipFile zip, String path) {
        JsonObject document = json(zip, path);
        List<String> tags = new ArrayList<>();
        for (JsonValue tag : array(document, "tags", path)) {
            if (!(tag instanceof JsonString name)) {
                throw ApiException.invalidArchive(path + ": tags must be strings.");
            }
            tags.add(name.getString());
        }
        SnippetInput input = new SnippetInput(text(document, "title", path), optionalText(document, "description", path),
                optionalText(document, "notes", path), text(document, "language", path), text(document, "code", path), tags,
                optionalText(document, "visibility", path));
        List<ArchivedSnippet.ArchivedAttachment> attachments = new ArrayList<>();
        for (JsonValue value : array(document, "attachments", path)) {
            if (!(value instanceof JsonObject attachment)) {
                throw ApiException.invalidArchive(path + ": attachments must be objects.");
            }
            String entry = text(attachment, "path", path);
            if (zip.getEntry(entry) == null) {
                throw ApiException.invalidArchive(path + ": the attachment " + entry + " is not in the archive.");
            }
            if (!(attachment.get("size") instanceof JsonNumber size)) {
                throw ApiException.invalidArchive(path + ": an attachment's size must be a number.");
            }
            attachments.add(new ArchivedSnippet.ArchivedAttachment(text(attachment, "filename", path), optionalText(attachment, "mimeType", path),
                    size.longValue(), text(attachment, "sha256", path), entry));
        }
        return new ArchivedSnippet(optionalText(document, "id", path), input, attachments);
    }

    private static JsonObject json(ZipFile zip, String path) {
        ZipEntry entry = zip.getEntry(path);
        if (entry == null) {
            throw ApiException.invalidArchive("The archive has no " + path + ".");
        }
        try (InputStream in = zip.getInputStream(entry)) {
            byte[] bytes = in.readNBytes(MAX_JSON_BYTES + 1);
            if (bytes.length > MAX_JSON_BYTES) {
                throw ApiException.invalidArchive(path + " is larger than " + MAX_JSON_BYTES + " bytes.");
            }
            try (JsonReader reader = Json.createReader(new ByteArrayInputStream(bytes))) {
                return reader.readObject();
            }
        } catch (JsonException | ClassCastException e) {
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
