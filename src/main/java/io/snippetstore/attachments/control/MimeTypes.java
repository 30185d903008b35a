package io.snippetstore.attachments.control;

import java.net.URLConnection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snippetstore.attachments.entity.Attachment;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.FieldError;

/**
 * The media type an attachment is stored and served with. In order: the {@code mimeType} part,
 * which must be {@code type/subtype} (optionally with parameters), else the {@code file} part's
 * own {@code Content-Type} when the client sent one, else a guess from the filename extension,
 * else {@code application/octet-stream}.
 */
public final class MimeTypes {

    public static final String FALLBACK = "application/octet-stream";

    /** RFC 6838 restricted names for type and subtype; RFC 9110 parameters. */
    private static final String NAME = "[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}";

    private static final String TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
    private static final String QUOTED = "\"(?:[\\t \\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\[\\t \\x21-\\x7E])*\"";
    private static final Pattern MEDIA_TYPE = Pattern.compile(
            "(" + NAME + ")/(" + NAME + ")((?:[ \\t]*;[ \\t]*" + TOKEN + "=(?:" + TOKEN + "|" + QUOTED + "))*)");

    private MimeTypes() {}

    /**
     * @param requested the {@code mimeType} part, or null when absent (blank counts as absent)
     * @param sentWithFile the {@code Content-Type} header of the {@code file} part, or null
     * @param filename the kept filename
     */
    public static String decide(String requested, String sentWithFile, String filename) {
        if (requested != null && !requested.isBlank()) {
            return normalized(requested)
                    .orElseThrow(() -> ApiException.validationFailed(List.of(new FieldError(
                            "mimeType",
                            "must be a media type such as text/plain, at most " + Attachment.MIME_TYPE_MAX
                                    + " characters"))));
        }
        return Optional.ofNullable(sentWithFile)
                .flatMap(MimeTypes::normalized)
                .or(() -> Optional.ofNullable(URLConnection.getFileNameMap().getContentTypeFor(filename))
                        .flatMap(MimeTypes::normalized))
                .orElse(FALLBACK);
    }

    /** {@code type/subtype} in lower case with any parameters as given; empty when not a media type. */
    static Optional<String> normalized(String mediaType) {
        String candidate = mediaType.strip();
        if (candidate.length() > Attachment.MIME_TYPE_MAX) {
            return Optional.empty();
        }
        Matcher matcher = MEDIA_TYPE.matcher(candidate);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return Optional.of((matcher.group(1) + "/" + matcher.group(2)).toLowerCase(Locale.ROOT) + matcher.group(3));
    }
}
