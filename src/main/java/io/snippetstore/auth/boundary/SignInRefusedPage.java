package io.snippetstore.auth.boundary;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The page a refused single sign-on ends on: what went wrong, in words, and the way back to the sign-in page. */
final class SignInRefusedPage {

    private SignInRefusedPage() {}

    static Response of(Response.Status status, String reason) {
        String page = """
                <!DOCTYPE html>
                <html lang="en">
                <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
                <title>Sign-in refused · Snippet Store</title><link rel="stylesheet" href="/css/app.css"></head>
                <body><main class="signin-refused"><h1>Sign-in refused</h1>
                <p id="reason">You are not signed in: %s.</p>
                <p><a href="/login">Back to the sign-in page</a></p></main></body>
                </html>
                """.formatted(escaped(reason));
        return Response.status(status)
                .type(MediaType.TEXT_HTML_TYPE.withCharset("utf-8"))
                .header("Cache-Control", "no-store")
                .entity(page)
                .build();
    }

    static String escaped(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.chars()
                .forEach(c -> out.append(
                        switch (c) {
                            case '<' -> "&lt;";
                            case '>' -> "&gt;";
                            case '&' -> "&amp;";
                            case '"' -> "&quot;";
                            case '\'' -> "&#39;";
                            default -> String.valueOf((char) c);
                        }));
        return out.toString();
    }
}
