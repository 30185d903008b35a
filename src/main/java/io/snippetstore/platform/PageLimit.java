package io.snippetstore.platform;

/** The {@code limit} query parameter of a paged list: absent means the default; anything but 1..max is a 400. */
public final class PageLimit {

    public static final int DEFAULT = 50;
    public static final int MAX = 200;

    private PageLimit() {}

    public static int parse(String limit) {
        if (limit == null || limit.isEmpty()) {
            return DEFAULT;
        }
        try {
            int parsed = Integer.parseInt(limit);
            if (parsed >= 1 && parsed <= MAX) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiException.badRequest("limit must be an integer from 1 to " + MAX + ".");
    }
}
