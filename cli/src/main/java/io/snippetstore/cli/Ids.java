package io.snippetstore.cli;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;

/**
 * The ids a command acts on: its arguments, or, for a lone {@code -}, the first word of each line of
 * standard input, so that {@code search -q} and {@code search}'s piped rows (the id first) both feed
 * {@code rm}, {@code tag} and {@code share}. An id given twice is acted on once.
 *
 * <p>Wherever a snippet's id is taken, an address naming it is too: the web interface's
 * ({@code …/#/s/ID}, its edit and history pages), the API's ({@code …/api/v1/snippets/ID…}) and a share
 * link ({@code …/s/SECRET}), which only {@code show} and {@code run} read (from the link's own server,
 * with no credential). The id is taken from a web address whatever its server: the token is only ever
 * sent to the server this run talks to.
 */
final class Ids {

    static final String FROM_INPUT = "-";

    /** What a snippet argument names. */
    sealed interface Reference {
        /** A snippet by its id, read with this run's sign-in. */
        record ById(String id) implements Reference {}

        /** A share link: {@code server} is the link's own, with its context path. */
        record ShareLink(String server, String secret) implements Reference {}
    }

    private static final Pattern WEB_VIEW = Pattern.compile("/s/([^/?]+)(?:/[^?]*)?(?:\\?.*)?");
    private static final Pattern API_SNIPPET = Pattern.compile("(.*)/api/v1/(snippets|shared)/([^/]+)(?:/.*)?");
    private static final Pattern SHARE_PAGE = Pattern.compile("(.*)/s/([^/]+)/?");

    /** picocli's converter for an argument that names one snippet: its id, from an address if it is one. */
    static final class SnippetId implements ITypeConverter<String> {
        @Override
        public String convert(String argument) {
            try {
                return snippet(argument);
            } catch (Failure notASnippet) {
                throw new TypeConversionException(notASnippet.getMessage());
            }
        }
    }

    /** The snippet an argument names: a bare id as it is, an address by what it points to. */
    static Reference reference(String argument) {
        String given = argument.strip();
        if (!given.regionMatches(true, 0, "http://", 0, 7) && !given.regionMatches(true, 0, "https://", 0, 8)) {
            return new Reference.ById(given);
        }
        URI address;
        try {
            address = new URI(given);
        } catch (URISyntaxException e) {
            throw notAnAddressOfASnippet(given);
        }
        String path = Optional.ofNullable(address.getRawPath()).orElse("");
        String origin = address.getScheme() + "://" + address.getRawAuthority();
        Matcher view =
                WEB_VIEW.matcher(Optional.ofNullable(address.getRawFragment()).orElse(""));
        Matcher api = API_SNIPPET.matcher(path);
        Matcher sharePage = SHARE_PAGE.matcher(path);
        if (view.matches()) {
            return new Reference.ById(decoded(view.group(1)));
        } else if (api.matches()) {
            return api.group(2).equals("snippets")
                    ? new Reference.ById(decoded(api.group(3)))
                    : new Reference.ShareLink(origin + api.group(1), decoded(api.group(3)));
        } else if (sharePage.matches()) {
            return new Reference.ShareLink(origin + sharePage.group(1), decoded(sharePage.group(2)));
        }
        throw notAnAddressOfASnippet(given);
    }

    /** The id of the snippet an argument names; a share link is a usage error (it reads, it names no id). */
    static String snippet(String argument) {
        if (reference(argument) instanceof Reference.ById byId) {
            return byId.id();
        }
        throw new Failure(
                Failure.USAGE,
                argument.strip() + " is a share link: `snippets show` and `snippets run` read it; "
                        + "everything else needs the snippet's id (its owner's `snippets links ID` lists its links).");
    }

    private static Failure notAnAddressOfASnippet(String given) {
        return new Failure(
                Failure.USAGE,
                given
                        + " is not the address of a snippet (…/#/s/ID, …/api/v1/snippets/ID or a share link …/s/SECRET).");
    }

    private static String decoded(String segment) {
        return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private Ids() {}

    /** The snippets' ids of a command that takes several: mixed in, so that each says it the same way. */
    static final class OfSnippets {

        @Parameters(
                arity = "1..*",
                paramLabel = "ID",
                completionCandidates = CompletedValues.SnippetIds.class,
                description = "The snippets' ids, or - to read them from standard input (one per line).")
        List<String> arguments = new ArrayList<>();

        List<String> read(Terminal terminal) throws IOException {
            return of(arguments, terminal);
        }
    }

    static List<String> of(List<String> arguments, Terminal terminal) throws IOException {
        if (!arguments.contains(FROM_INPUT)) {
            return arguments.stream().map(Ids::snippet).distinct().toList();
        }
        if (arguments.size() > 1) {
            throw new Failure(
                    Failure.USAGE, "\"-\" reads the ids from standard input and stands alone; nothing was done.");
        }
        Set<String> ids = new LinkedHashSet<>();
        for (String line : new String(terminal.in().readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            String[] words = line.strip().split("\\s+", 2);
            if (!words[0].isEmpty()) {
                ids.add(snippet(words[0]));
            }
        }
        if (ids.isEmpty()) {
            throw new Failure(Failure.USAGE, "No ids on standard input; nothing was done.");
        }
        return List.copyOf(ids);
    }
}
