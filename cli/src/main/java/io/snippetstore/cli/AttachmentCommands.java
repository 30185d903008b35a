package io.snippetstore.cli;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Attaching files to snippets, listing them, downloading them (resumed from the partial file a broken download left). */
final class AttachmentCommands {

    /** Above this, an upload shows its progress on a terminal. */
    static final long PROGRESS_ABOVE = 1024 * 1024;

    private AttachmentCommands() {}

    @Command(
            name = "attach",
            description = "Attach files to a snippet (a progress bar for files over 1 MiB on a terminal).",
            footer = {"", "Example:", "  snippets attach 01a2... diagram.png notes.pdf"})
    static final class Attach implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(
                converter = Ids.SnippetId.class,
                completionCandidates = CompletedValues.SnippetIds.class,
                index = "0",
                paramLabel = "ID",
                description = "The snippet's id, or its address.")
        String id;

        @Parameters(index = "1..*", arity = "1..*", paramLabel = "FILE", description = "The files.")
        List<Path> files = new ArrayList<>();

        @Option(
                names = "--replace",
                description =
                        "A file of a name already attached replaces that attachment (else it is asked on a terminal,"
                                + " refused elsewhere).")
        boolean replace;

        @Override
        public Integer call() throws IOException {
            List<Path> unreadable = files.stream()
                    .filter(file -> !Files.isRegularFile(file) || !Files.isReadable(file))
                    .toList();
            if (!unreadable
                    .isEmpty()) { // every path checked before the first upload, so that a rerun does not attach twice
                throw new Failure(
                        Failure.USAGE,
                        "No such readable file: "
                                + unreadable.stream().map(Path::toString).collect(Collectors.joining(", "))
                                + "; nothing was attached.");
            }
            Api api = client.signedIn();
            Map<String, List<String>> replaced = replaced(api);
            Output output = new Output(client.terminal());
            List<JsonObject> attached = new ArrayList<>();
            for (Path file : files) {
                attached.add(upload(api, file));
                // the old one goes once the new one is in: a failed upload keeps it
                for (String old : replaced.getOrDefault(nameOf(file), List.of())) {
                    api.call("DELETE", "/api/v1/attachments/" + Api.encode(old), null, Map.of());
                }
                if (!client.json()) {
                    JsonObject last = attached.get(attached.size() - 1);
                    output.line(last.getString("id") + "  " + last.getString("filename") + "  "
                            + Output.size(last.getJsonNumber("size").longValue()));
                }
            }
            if (client.json()) {
                output.json(attached);
            }
            return 0;
        }

        /**
         * The ids of the attachments, by file name, that files of the same name replace: with
         * --replace or a yes on the terminal; else a name attached twice is refused before anything
         * is sent.
         */
        private Map<String, List<String>> replaced(Api api) throws IOException {
            Set<String> names = new HashSet<>();
            for (Path file : files) {
                if (!names.add(nameOf(file))) {
                    throw new Failure(Failure.USAGE, "Two files are named " + nameOf(file) + "; nothing was attached.");
                }
            }
            Map<String, List<String>> existing = new HashMap<>();
            for (JsonObject attachment : api.list("/api/v1/snippets/" + Api.encode(id) + "/attachments", true)) {
                String name = attachment.getString("filename");
                if (names.contains(name)) {
                    existing.computeIfAbsent(name, ignored -> new ArrayList<>()).add(attachment.getString("id"));
                }
            }
            if (existing.isEmpty() || replace) {
                return existing;
            }
            String listed = String.join(", ", existing.keySet());
            if (!client.terminal().interactive()) {
                throw new Failure(
                        Failure.USAGE,
                        "Already attached: " + listed + " (--replace replaces them); nothing was attached.");
            }
            if (!client.terminal().confirmed("Already attached: " + listed + ". Replace?")) {
                throw new Failure(Failure.USAGE, "Nothing was attached.");
            }
            return existing;
        }

        private static String nameOf(Path file) {
            return file.getFileName().toString();
        }

        /** The file's media type by its name (the JDK's table, then the system's), else bytes. */
        static String mediaType(Path file) {
            String name = file.getFileName().toString();
            String guessed = java.net.URLConnection.guessContentTypeFromName(name);
            if (guessed == null) {
                try {
                    guessed = Files.probeContentType(file);
                } catch (IOException unknown) {
                    guessed = null;
                }
            }
            // a name cannot carry a line break into the part's headers
            return guessed == null || guessed.contains("\r") || guessed.contains("\n")
                    ? "application/octet-stream"
                    : guessed;
        }

        private JsonObject upload(Api api, Path file) {
            String boundary = "snippets-" + Pkce.randomToken();
            String filename = file.getFileName()
                    .toString()
                    .replace("\"", "%22")
                    .replace("\r", "")
                    .replace("\n", "");
            byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + filename
                            + "\"\r\n" + "Content-Type: " + mediaType(file) + "\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8);
            byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
            long size;
            try {
                size = Files.size(file);
            } catch (IOException e) {
                throw Failure.of(e);
            }
            Progress progress = new Progress(
                    client.terminal(), filename, size, client.terminal().interactive() && size > PROGRESS_ABOVE);
            Api.Body body = new Api.Body(head.length + size + tail.length, () -> {
                try {
                    return new SequenceInputStream(Collections.enumeration(List.of(
                            new ByteArrayInputStream(head),
                            progress.counting(Files.newInputStream(file)),
                            new ByteArrayInputStream(tail))));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            Api.Answer answer = api.sendUpload(
                    "/api/v1/snippets/" + Api.encode(id) + "/attachments",
                    "multipart/form-data; boundary=" + boundary,
                    body);
            progress.done();
            return api.data(answer).asJsonObject();
        }
    }

    /** A one-line progress bar on standard error, redrawn in place. */
    static final class Progress {

        private final PrintWriter err;
        private final String name;
        private final long total;
        private final boolean shown;
        private long sent;
        private int lastPercent = -1;

        Progress(Terminal terminal, String name, long total, boolean shown) {
            this.err = terminal.err();
            this.name = name;
            this.total = total;
            this.shown = shown;
        }

        InputStream counting(InputStream in) {
            return new FilterInputStream(in) {
                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    int read = super.read(buffer, offset, length);
                    if (read > 0) {
                        advance(read);
                    }
                    return read;
                }
            };
        }

        private void advance(long bytes) {
            sent += bytes;
            int percent = total == 0 ? 100 : (int) (sent * 100 / total);
            if (shown && percent != lastPercent) {
                lastPercent = percent;
                int filled = percent / 4;
                err.print("\r" + name + " [" + "#".repeat(filled) + " ".repeat(25 - filled) + "] " + percent + "% of "
                        + Output.size(total));
                err.flush();
            }
        }

        void done() {
            if (shown) {
                err.println();
            }
        }
    }

    @Command(
            name = "files",
            description = "List a snippet's attachments; `files rm` deletes some.",
            subcommands = ListFiles.Remove.class,
            footer = {"", "Examples:", "  snippets files 01a2...", "  snippets files rm 01a3..."})
    static final class ListFiles implements Callable<Integer> {

        @Command(
                name = "rm",
                description = {
                    "Delete attachments, for good (they do not go to the trash).",
                    "Asks first on a terminal; elsewhere it needs --yes."
                },
                footer = {"", "Example:", "  snippets files rm 01a3... 01a4...", "  snippets files rm --yes 01a3..."})
        static final class Remove implements Callable<Integer> {

            @Mixin
            ClientOptions client;

            @Parameters(
                    arity = "1..*",
                    paramLabel = "ATTACHMENT_ID",
                    description = "The attachments' ids (see `snippets files`), or - to read them from standard input.")
            List<String> arguments = new ArrayList<>();

            @Option(
                    names = {"-y", "--yes"},
                    description = "Delete without asking.")
            boolean yes;

            @Override
            public Integer call() throws IOException {
                List<String> ids = Ids.of(arguments, client.terminal());
                if (!yes && !confirmed(ids.size())) {
                    return Failure.USAGE;
                }
                Api api = client.signedIn();
                Output output = new Output(client.terminal());
                for (String attachmentId : ids) {
                    api.call("DELETE", "/api/v1/attachments/" + Api.encode(attachmentId), null, Map.of());
                    if (!client.json()) {
                        output.line("Deleted " + attachmentId + ".");
                    }
                }
                if (client.json()) {
                    output.json(Json.createObjectBuilder()
                            .add("deleted", Json.createArrayBuilder(ids))
                            .build());
                }
                return 0;
            }

            /** An attachment deleted is gone for good (no trash): asked on a terminal, else refused without --yes. */
            private boolean confirmed(int count) throws IOException {
                String what = count == 1 ? "the attachment" : count + " attachments";
                if (!client.terminal().interactive()) {
                    throw new Failure(
                            Failure.USAGE,
                            "Deleting " + what + " needs --yes when no terminal can ask; nothing was deleted.");
                }
                boolean sure = client.terminal().confirmed("Delete " + what + " for good?");
                if (!sure) {
                    client.terminal().err().println("Nothing was deleted.");
                }
                return sure;
            }
        }

        @Mixin
        ClientOptions client;

        @Parameters(
                converter = Ids.SnippetId.class,
                completionCandidates = CompletedValues.SnippetIds.class,
                arity = "0..1",
                paramLabel = "ID",
                description = "The snippet's id.")
        String id;

        @Override
        public Integer call() {
            if (id == null) {
                throw new Failure(Failure.USAGE, "Which snippet's files? snippets files ID");
            }
            List<JsonObject> attachments =
                    client.signedIn().list("/api/v1/snippets/" + Api.encode(id) + "/attachments", true);
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.page(attachments);
            } else {
                output.table(
                        attachments,
                        List.of(
                                new Output.Column("ID", 36, a -> Output.text(a, "id")),
                                new Output.Column("FILENAME", 40, a -> Output.text(a, "filename")),
                                new Output.Column(
                                        "SIZE",
                                        12,
                                        a -> Output.size(a.getJsonNumber("size").longValue())),
                                new Output.Column("TYPE", 30, a -> Output.text(a, "mimeType"))));
            }
            return 0;
        }
    }

    @Command(
            name = "get",
            description = {
                "Download an attachment, checked, resuming a broken download.",
                "It arrives in FILE.<sha>.part and becomes FILE when complete and checked; a broken download is"
                        + " resumed from its .part file. An existing FILE is replaced only with --force."
            },
            footer = {
                "",
                "Examples:",
                "  snippets get 01a3...",
                "  snippets get 01a3... -o - | tar x",
                "  snippets get --all 01a2... -o files/"
            })
    static final class Get implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(
                paramLabel = "ID",
                description = "The attachment's id (see `snippets files`); with --all, the snippet's.")
        String id;

        @Option(
                names = {"-o", "--output"},
                paramLabel = "FILE",
                description = "Where to write it (default: its filename here; - for standard output).")
        String target;

        @Option(
                names = {"-f", "--force"},
                description = "Replace FILE if it exists with other content.")
        boolean force;

        @Option(
                names = "--all",
                description = "ID is a snippet's: download every attachment of it (into -o DIRECTORY, default here).")
        boolean all;

        @Override
        public Integer call() throws IOException {
            Api api = client.signedIn();
            Output output = new Output(client.terminal());
            if (all) {
                Path directory = Path.of(target != null ? target : ".");
                if ("-".equals(target) || (Files.exists(directory) && !Files.isDirectory(directory))) {
                    throw new Failure(Failure.USAGE, "With --all, -o names a directory.");
                }
                Files.createDirectories(directory);
                for (JsonObject attachment : api.list("/api/v1/snippets/" + Api.encode(id) + "/attachments", true)) {
                    download(
                            api,
                            attachment,
                            directory.resolve(Path.of(attachment.getString("filename"))
                                    .getFileName()
                                    .toString()),
                            output);
                }
                return 0;
            }
            JsonObject attachment =
                    api.get("/api/v1/attachments/" + Api.encode(id)).asJsonObject();
            if ("-".equals(target)) {
                Api.Answer answer = api.send("GET", attachment.getString("downloadUrl"), null, Api.Body.NONE, Map.of());
                output.raw(api.bodyOf(answer));
                return 0;
            }
            download(
                    api,
                    attachment,
                    Path.of(
                            target != null
                                    ? target
                                    : Path.of(attachment.getString("filename"))
                                            .getFileName()
                                            .toString()),
                    output);
            return 0;
        }

        private void download(Api api, JsonObject attachment, Path file, Output output) throws IOException {
            long size = attachment.getJsonNumber("size").longValue();
            String sha256 = attachment.getString("sha256");
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                // a link, a FIFO, a device or a folder is never replaced by a file, --force or not
                throw new Failure(
                        Failure.USAGE,
                        file + " is not a regular file (a link, a pipe or a folder): it is not replaced; choose a file"
                                + " with -o, or -o - for standard output.");
            }
            if (Files.exists(file)) {
                if (Files.isRegularFile(file)
                        && Files.size(file) == size
                        && sha256Of(file).equals(sha256)) {
                    output.note(file + " is already complete.");
                    output.line(file.toString());
                    return;
                }
                if (!force) {
                    throw new Failure(
                            Failure.USAGE,
                            file
                                    + " exists and is not this attachment; choose another with -o, or replace it with --force.");
                }
            }
            Path part = partFile(file, sha256);
            long have = Files.isRegularFile(part) ? Files.size(part) : 0;
            boolean resume = have > 0 && have < size;
            Map<String, String> headers =
                    resume ? Map.of("Range", "bytes=" + have + "-", "If-Range", "\"" + sha256 + "\"") : Map.of();
            Api.Answer answer = api.send("GET", attachment.getString("downloadUrl"), null, Api.Body.NONE, headers);
            boolean appending = answer.status() == 206;
            if (answer.status() != 200 && !appending) {
                throw api.failure(answer);
            }
            if (appending) {
                output.note("Resuming " + file + " at " + Output.size(have) + " of " + Output.size(size) + ".");
            }
            try (InputStream body = answer.body();
                    OutputStream out = appending
                            ? Files.newOutputStream(part, StandardOpenOption.APPEND)
                            : Files.newOutputStream(
                                    part,
                                    StandardOpenOption.CREATE,
                                    StandardOpenOption.TRUNCATE_EXISTING,
                                    StandardOpenOption.WRITE)) {
                body.transferTo(out);
            }
            if (!sha256Of(part).equals(sha256)) {
                Files.delete(part);
                throw new Failure(
                        Failure.SERVER,
                        "The download of " + file
                                + " does not have the attachment's SHA-256; it was removed: run the command again.");
            }
            Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            output.line(file.toString());
        }

        /**
         * Where the download of this content into {@code file} collects: named after the content
         * (its SHA-256), so that only a partial download of the very same bytes is ever resumed.
         */
        static Path partFile(Path file, String sha256) {
            return file.resolveSibling(file.getFileName() + "." + sha256.substring(0, 12) + ".part");
        }
    }

    static String sha256Of(Path file) throws IOException {
        try (DigestInputStream in =
                new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(in.getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java", e);
        }
    }
}
