package io.snippetstore.transfer.control;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

import io.snippetstore.attachments.control.Attachments;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Settings;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.control.CollectionImport;
import io.snippetstore.snippets.control.Collections;
import io.snippetstore.snippets.control.HistoricVersion;
import io.snippetstore.snippets.control.SnippetData;
import io.snippetstore.snippets.control.SnippetInput;
import io.snippetstore.snippets.control.Snippets;
import io.snippetstore.storage.control.DiskSpace;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Takes an export archive into the caller's account, all or nothing. The archive is received onto
 * the disk first ({@link ArchiveReceiver}, so the writer never waits on a client), read and
 * checked, every attachment's bytes verified against its size and SHA-256, all before anything is
 * written. Then snippets are created in small batches and attachments copied in steps, each a
 * short transaction, so other users' writes and sign-ins go on meanwhile; the import's snippets
 * stay marked as pending ({@link ImportBatches}) until the last one is in. A failure deletes what
 * the import wrote; a crash leaves it to the next start ({@link UnfinishedImports}).
 */
@Stateless
public class Imports {

    private static final Logger LOG = Logger.getLogger(Imports.class.getName());
    private static final int BUFFER_BYTES = 64 * 1024;
    /** A batch of snippets ends after this many... */
    static final int BATCH_SNIPPETS = 100;
    /** ...or once its texts hold this many characters: a transaction writes about a mebibyte, like an upload's step. */
    static final long BATCH_CHARACTERS = 1024 * 1024;

    @Inject
    Snippets snippets;

    @Inject
    Collections collections;

    @Inject
    Attachments attachments;

    @Inject
    ImportBatches batches;

    @Inject
    DiskSpace disk;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    @ConfigProperty(name = Settings.MAX_CODE_BYTES, defaultValue = Settings.MAX_CODE_BYTES_DEFAULT)
    long maxCodeBytes;

    @Inject
    @ConfigProperty(name = Settings.IMPORT_MAX_SNIPPETS, defaultValue = Settings.IMPORT_MAX_SNIPPETS_DEFAULT)
    int maxSnippets;

    @Inject
    @ConfigProperty(name = Settings.IMPORT_MAX_ATTACHMENTS, defaultValue = Settings.IMPORT_MAX_ATTACHMENTS_DEFAULT)
    int maxAttachments;

    @Inject
    @ConfigProperty(name = Settings.IMPORT_MAX_TEXT_BYTES, defaultValue = Settings.IMPORT_MAX_TEXT_BYTES_DEFAULT)
    long maxTextBytes;

    @Inject
    @ConfigProperty(
            name = Settings.IMPORT_MAX_EXPANDED_BYTES,
            defaultValue = Settings.IMPORT_MAX_EXPANDED_BYTES_DEFAULT)
    long maxExpandedBytes;

    /** Takes in the archive that {@link ArchiveReceiver} received onto the disk; the caller deletes the file. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public ImportReport importArchive(Caller caller, Path received, ImportOptions options) {
        ArchiveLimits limits = new ArchiveLimits(
                maxSnippets,
                maxAttachments,
                ArchiveLimits.documentBytesFor(maxCodeBytes),
                maxTextBytes,
                maxExpandedBytes);
        ZipDirectory.requireWithin(received, limits.maxEntries(), ArchiveLimits.MAX_DIRECTORY_BYTES);
        try (ZipFile zip = new ZipFile(received.toFile())) {
            ArchivePlan plan = ArchiveReader.read(zip, limits);
            plan.snippets().forEach(this::requireValid);
            plan.collections().forEach(this::requireValid);
            for (ArchivedSnippet snippet : plan.snippets()) {
                snippet.attachments().forEach(attachment -> verify(zip, attachment));
            }
            List<Optional<String>> here = snippets.sameAsOwn(
                    caller, plan.snippets().stream().map(ArchivedSnippet::input).toList());
            if (options.dryRun()) {
                return preview(plan, here, options.duplicates());
            }
            ImportReport report = write(caller, zip, plan, here, options.duplicates());
            audit.fire(AuditEvent.success(
                    caller,
                    AuditEvent.DATA_IMPORTED,
                    null,
                    report.snippetsCreated() + " snippets, " + report.attachmentsCreated() + " attachments, "
                            + plan.collections().size() + " collections, "
                            + report.duplicates().size()
                            + " already here (" + options.duplicates().apiName() + ")"));
            return report;
        } catch (ZipException e) {
            throw ApiException.invalidArchive("The body is not a ZIP archive.");
        } catch (IOException e) {
            throw disk.isLow() ? DiskSpace.full() : ApiException.badRequest("The archive could not be read.");
        }
    }

    /** What the archive holds and what an import would do with the snippets already here; nothing written. */
    private static ImportReport preview(
            ArchivePlan plan, List<Optional<String>> here, ImportOptions.Duplicates policy) {
        List<ImportReport.Duplicate> duplicates = new ArrayList<>();
        for (int i = 0; i < here.size(); i++) {
            ArchivedSnippet archived = plan.snippets().get(i);
            here.get(i)
                    .ifPresent(id -> duplicates.add(new ImportReport.Duplicate(
                            archived.sourceId(), id, archived.input().title(), actionOf(policy), null)));
        }
        return new ImportReport(
                0,
                0,
                List.of(),
                true,
                plan.snippets().size(),
                attachmentsOf(plan),
                plan.collections().size(),
                duplicates);
    }

    private static String actionOf(ImportOptions.Duplicates policy) {
        return switch (policy) {
            case KEEP -> "kept";
            case SKIP -> "skipped";
            case UPDATE -> "updated";
        };
    }

    private static int attachmentsOf(ArchivePlan plan) {
        return plan.snippets().stream()
                .mapToInt(snippet -> snippet.attachments().size())
                .sum();
    }

    /**
     * Writes the checked plan: the snippets in batches (but those already here, when the policy
     * skips or updates them), then the updates (one transaction), the collections, stars and pins,
     * and publishes it at the end; on any failure deletes what was written, and throws.
     */
    private ImportReport write(
            Caller caller,
            ZipFile zip,
            ArchivePlan plan,
            List<Optional<String>> here,
            ImportOptions.Duplicates policy) {
        String importId = Ids.next();
        List<String> collectionsCreated = List.of();
        try {
            List<ImportReport.Imported> created = new ArrayList<>();
            List<String> starred = new ArrayList<>();
            Map<String, String> newIds = new HashMap<>();
            List<ArchivedSnippet> toCreate = new ArrayList<>();
            List<ArchivedSnippet> alreadyHere = new ArrayList<>();
            List<String> hereIds = new ArrayList<>();
            for (int i = 0; i < here.size(); i++) {
                ArchivedSnippet archived = plan.snippets().get(i);
                if (here.get(i).isPresent() && policy != ImportOptions.Duplicates.KEEP) {
                    alreadyHere.add(archived);
                    hereIds.add(here.get(i).get());
                } else {
                    toCreate.add(archived);
                }
            }
            int attachmentCount = 0;
            for (List<ArchivedSnippet> batch : batches(toCreate)) {
                List<SnippetData> batchCreated = batches.create(caller, importId, batch);
                for (int i = 0; i < batch.size(); i++) {
                    ArchivedSnippet archived = batch.get(i);
                    SnippetData snippet = batchCreated.get(i);
                    for (ArchivedSnippet.ArchivedAttachment attachment : archived.attachments()) {
                        copy(caller, snippet.id(), zip, attachment);
                        attachmentCount++;
                    }
                    created.add(new ImportReport.Imported(
                            archived.sourceId(),
                            snippet.id(),
                            snippet.fields().title(),
                            archived.attachments().size()));
                    if (archived.starred()) {
                        starred.add(snippet.id());
                    }
                }
            }
            List<Long> versionsBefore = policy == ImportOptions.Duplicates.UPDATE
                    ? snippets.updateImported(
                            caller,
                            hereIds,
                            alreadyHere.stream().map(ArchivedSnippet::input).toList())
                    : List.of();
            List<ImportReport.Duplicate> duplicates = new ArrayList<>();
            for (int i = 0; i < alreadyHere.size(); i++) {
                ArchivedSnippet archived = alreadyHere.get(i);
                duplicates.add(new ImportReport.Duplicate(
                        archived.sourceId(),
                        hereIds.get(i),
                        archived.input().title(),
                        actionOf(policy),
                        versionsBefore.isEmpty() ? null : versionsBefore.get(i)));
                if (archived.sourceId() != null) {
                    newIds.put(archived.sourceId(), hereIds.get(i));
                }
                if (archived.starred()) {
                    starred.add(hereIds.get(i));
                }
            }
            if (policy == ImportOptions.Duplicates.KEEP) {
                for (int i = 0; i < here.size(); i++) {
                    ArchivedSnippet archived = plan.snippets().get(i);
                    here.get(i)
                            .ifPresent(id -> duplicates.add(new ImportReport.Duplicate(
                                    archived.sourceId(), id, archived.input().title(), "kept", null)));
                }
            }
            // the reader let collections and pins name only snippets whose archive id is unique
            created.stream()
                    .filter(imported -> imported.sourceId() != null)
                    .forEach(imported -> newIds.put(imported.sourceId(), imported.id()));
            collectionsCreated = collections.importAll(
                    caller,
                    plan.collections().stream()
                            .map(collection -> new CollectionImport(
                                    collection.sourceId(),
                                    collection.parentSourceId(),
                                    collection.input(),
                                    // two of the archive's snippets may be one already here: listed once
                                    collection.snippetSourceIds().stream()
                                            .map(newIds::get)
                                            .distinct()
                                            .toList()))
                            .toList());
            snippets.markImported(
                    caller, plan.pinned().stream().map(newIds::get).distinct().toList(), starred);
            batches.publish(importId);
            return new ImportReport(
                    created.size(),
                    attachmentCount,
                    created,
                    false,
                    plan.snippets().size(),
                    attachmentsOf(plan),
                    plan.collections().size(),
                    duplicates);
        } catch (RuntimeException e) {
            discardCollections(caller, collectionsCreated);
            discard(importId);
            throw e;
        }
    }

    private void discardCollections(Caller caller, List<String> ids) {
        try {
            collections.discardImported(caller, ids);
        } catch (RuntimeException notDiscarded) {
            LOG.log(Level.WARNING, "A failed import's collections could not be removed", notDiscarded);
        }
    }

    /** The plan cut into batches of at most {@link #BATCH_SNIPPETS} snippets and about {@link #BATCH_CHARACTERS} characters. */
    static List<List<ArchivedSnippet>> batches(List<ArchivedSnippet> plan) {
        List<List<ArchivedSnippet>> batches = new ArrayList<>();
        List<ArchivedSnippet> batch = new ArrayList<>();
        long characters = 0;
        for (ArchivedSnippet snippet : plan) {
            long size = characters(snippet);
            if (!batch.isEmpty() && (batch.size() == BATCH_SNIPPETS || characters + size > BATCH_CHARACTERS)) {
                batches.add(batch);
                batch = new ArrayList<>();
                characters = 0;
            }
            batch.add(snippet);
            characters += size;
        }
        if (!batch.isEmpty()) {
            batches.add(batch);
        }
        return batches;
    }

    private static long characters(ArchivedSnippet snippet) {
        long characters = characters(snippet.input());
        for (HistoricVersion earlier : snippet.history()) {
            characters += characters(earlier.input());
        }
        return characters;
    }

    private static long characters(SnippetInput input) {
        return input.code().length()
                + length(input.notes())
                + length(input.description())
                + input.title().length();
    }

    private static int length(String text) {
        return text == null ? 0 : text.length();
    }

    private void discard(String importId) {
        try {
            int discarded = 0;
            for (int some = batches.discardSome(importId); some > 0; some = batches.discardSome(importId)) {
                discarded += some;
            }
            int total = discarded;
            LOG.info(() -> "An import failed; its " + total + " snippet(s) were removed.");
        } catch (RuntimeException notDiscarded) {
            LOG.log(
                    Level.WARNING,
                    "A failed import's snippets could not be removed now; they are removed at the next start",
                    notDiscarded);
        }
    }

    /** Reads the attachment's entry through, before anything is written: 400 unless it has the size and SHA-256 its document gives. */
    private static void verify(ZipFile zip, ArchivedSnippet.ArchivedAttachment attachment) {
        MessageDigest sha256 = Secrets.newSha256();
        long size = 0;
        byte[] buffer = new byte[BUFFER_BYTES];
        try (InputStream in = zip.getInputStream(zip.getEntry(attachment.path()))) {
            for (int read = in.read(buffer); read >= 0 && size <= attachment.size(); read = in.read(buffer)) {
                sha256.update(buffer, 0, read);
                size += read;
            }
        } catch (IOException e) {
            throw ApiException.invalidArchive(attachment.path() + " cannot be read from the archive.");
        }
        if (size != attachment.size()
                || !HexFormat.of().formatHex(sha256.digest()).equalsIgnoreCase(attachment.sha256())) {
            throw mismatch(attachment);
        }
    }

    private void copy(Caller caller, String snippetId, ZipFile zip, ArchivedSnippet.ArchivedAttachment attachment) {
        try (InputStream in = zip.getInputStream(zip.getEntry(attachment.path()))) {
            attachments.copyInSteps(
                    caller,
                    snippetId,
                    attachment.filename(),
                    attachment.mimeType(),
                    attachment.size(),
                    attachment.sha256().toLowerCase(Locale.ROOT),
                    in);
        } catch (IOException e) {
            throw ApiException.invalidArchive(attachment.path() + " cannot be read from the archive.");
        }
    }

    private static ApiException mismatch(ArchivedSnippet.ArchivedAttachment attachment) {
        return ApiException.invalidArchive(
                attachment.path() + " does not have the size and SHA-256 its snippet's document gives.");
    }

    private void requireValid(ArchivedCollection archived) {
        try {
            collections.requireValid(archived.input());
        } catch (ApiException e) {
            throw brokenRule(
                    "collection " + archived.sourceId() + " (\""
                            + archived.input().name() + "\")",
                    e);
        }
    }

    private void requireValid(ArchivedSnippet archived) {
        try {
            snippets.requireValid(archived.input());
            archived.history().forEach(earlier -> snippets.requireValid(earlier.input()));
        } catch (ApiException e) {
            throw brokenRule(
                    "snippet " + archived.sourceId() + " (\"" + archived.input().title() + "\")", e);
        }
    }

    /** 400 {@code invalid_archive}: which part of the archive broke which field rules. */
    private static ApiException brokenRule(String part, ApiException refused) {
        return ApiException.invalidArchive("The " + part + " breaks a rule: "
                + refused.details().stream()
                        .map(detail -> detail.field() + " " + detail.message())
                        .collect(Collectors.joining("; "))
                + ".");
    }
}
