package io.snippetstore.transfer.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

import io.snippetstore.attachments.control.Attachments;
import io.snippetstore.attachments.control.StagedFile;
import io.snippetstore.attachments.control.StagingArea;
import io.snippetstore.attachments.control.Upload;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.Settings;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.control.SnippetData;
import io.snippetstore.snippets.control.Snippets;
import io.snippetstore.storage.control.DataDirectory;
import io.snippetstore.storage.control.DiskSpace;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Takes an export archive into the caller's account, all or nothing: the archive is received
 * onto the disk first (so the writer never waits on a client), read and checked, then every
 * snippet and attachment is created in one transaction; any failure leaves the account as it was.
 */
@Stateless
public class Imports {

    private static final Logger LOG = Logger.getLogger(Imports.class.getName());
    private static final int BUFFER_BYTES = 64 * 1024;

    @Inject
    Snippets snippets;

    @Inject
    Attachments attachments;

    @Inject
    StagingArea staging;

    @Inject
    DataDirectory dataDirectory;

    @Inject
    DiskSpace disk;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    @ConfigProperty(name = Settings.MAX_IMPORT_BYTES, defaultValue = Settings.MAX_IMPORT_BYTES_DEFAULT)
    long maxImportBytes;

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
    @ConfigProperty(name = Settings.IMPORT_MAX_EXPANDED_BYTES, defaultValue = Settings.IMPORT_MAX_EXPANDED_BYTES_DEFAULT)
    long maxExpandedBytes;

    @Resource
    SessionContext context;

    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public ImportReport receive(Caller caller, InputStream archive) {
        disk.requireRoomFor(0);
        Path received = null;
        try {
            received = Files.createTempFile(dataDirectory.path(), ".import-", ".zip");
            copyBounded(archive, received);
            try (ZipFile zip = new ZipFile(received.toFile())) {
                List<ArchivedSnippet> plan = ArchiveReader.read(zip, new ArchiveLimits(maxSnippets, maxAttachments,
                        ArchiveLimits.documentBytesFor(maxCodeBytes), maxTextBytes, maxExpandedBytes));
                plan.forEach(this::requireValid);
                ImportReport report = context.getBusinessObject(Imports.class).create(caller, zip, plan);
                audit.fire(AuditEvent.success(caller, AuditEvent.DATA_IMPORTED, null,
                        report.snippetsCreated() + " snippets, " + report.attachmentsCreated() + " attachments"));
                return report;
            } catch (ZipException e) {
                throw ApiException.invalidArchive("The body is not a ZIP archive.");
            }
        } catch (IOException e) {
            throw disk.isLow() ? DiskSpace.full() : ApiException.badRequest("The archive could not be received.");
        } finally {
            if (received != null) {
                try {
                    Files.deleteIfExists(received);
                } catch (IOException e) {
                    LOG.warning(() -> "Could not delete a received archive: " + e);
                }
            }
        }
    }

    /** Creates everything the archive holds in one transaction: the caller's new snippets and their attachments. */
    @WriteTransaction
    public ImportReport create(Caller caller, ZipFile zip, List<ArchivedSnippet> plan) {
        List<ImportReport.Imported> created = new ArrayList<>();
        int attachmentCount = 0;
        for (ArchivedSnippet archived : plan) {
            SnippetData snippet = snippets.create(caller, archived.input());
            for (ArchivedSnippet.ArchivedAttachment attachment : archived.attachments()) {
                try (Upload upload = new Upload(attachment.filename(), attachment.mimeType(), null, stage(zip, attachment))) {
                    attachments.add(caller, snippet.id(), upload);
                }
                attachmentCount++;
            }
            created.add(new ImportReport.Imported(archived.sourceId(), snippet.id(), snippet.fields().title(), archived.attachments().size()));
        }
        return new ImportReport(created.size(), attachmentCount, created);
    }

    private void requireValid(ArchivedSnippet archived) {
        try {
            snippets.requireValid(archived.input());
        } catch (ApiException e) {
            throw ApiException.invalidArchive("The snippet " + archived.sourceId() + " (\"" + archived.input().title() + "\") breaks a rule: "
                    + e.details().stream().map(detail -> detail.field() + " " + detail.message()).collect(Collectors.joining("; ")) + ".");
        }
    }

    private StagedFile stage(ZipFile zip, ArchivedSnippet.ArchivedAttachment attachment) {
        StagedFile staged = staging.newFile();
        byte[] buffer = new byte[BUFFER_BYTES];
        try (InputStream in = zip.getInputStream(zip.getEntry(attachment.path()))) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                staged.write(buffer, read);
            }
            staged.finish();
        } catch (IOException | RuntimeException e) {
            staged.close();
            throw e instanceof ApiException api ? api : ApiException.invalidArchive(attachment.path() + " cannot be read from the archive.");
        }
        if (staged.size() != attachment.size() || !staged.sha256().equalsIgnoreCase(attachment.sha256())) {
            staged.close();
            throw ApiException.invalidArchive(attachment.path() + " does not have the size and SHA-256 its snippet's document gives.");
        }
        return staged;
    }

    private void copyBounded(InputStream archive, Path target) throws IOException {
        byte[] buffer = new byte[BUFFER_BYTES];
        long total = 0;
        try (OutputStream out = Files.newOutputStream(target)) {
            for (int read = archive.read(buffer); read >= 0; read = archive.read(buffer)) {
                total += read;
                if (total > maxImportBytes) {
                    throw ApiException.payloadTooLarge("An import archive may have at most " + maxImportBytes + " bytes.");
                }
                out.write(buffer, 0, read);
            }
        }
    }
}
