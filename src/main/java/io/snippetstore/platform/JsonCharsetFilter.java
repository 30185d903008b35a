package io.snippetstore.platform;

import java.nio.charset.StandardCharsets;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

/** States the charset of every JSON response: {@code application/json; charset=utf-8}. */
@Provider
public class JsonCharsetFilter implements ContainerResponseFilter {

    private static final MediaType JSON_UTF8 = MediaType.APPLICATION_JSON_TYPE.withCharset(
            StandardCharsets.UTF_8.name().toLowerCase());

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        MediaType type = response.getMediaType();
        if (type != null
                && type.isCompatible(MediaType.APPLICATION_JSON_TYPE)
                && !type.getParameters().containsKey(MediaType.CHARSET_PARAMETER)) {
            response.getHeaders().putSingle(HttpHeaders.CONTENT_TYPE, JSON_UTF8);
        }
    }
}
