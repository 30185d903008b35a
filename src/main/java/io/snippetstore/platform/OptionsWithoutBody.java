package io.snippetstore.platform;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

/**
 * An {@code OPTIONS} request under {@code /api} is answered {@code 204} with the {@code Allow}
 * header only. The runtimes' automatic answers differ: Jersey (Payara) sends the resource's WADL
 * as XML, RESTEasy (WildFly, Liberty) the methods again as plain text; neither is the envelope, and
 * the API says what it has in its OpenAPI document.
 */
@Provider
public class OptionsWithoutBody implements ContainerResponseFilter {

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (HttpMethod.OPTIONS.equals(request.getMethod())
                && response.getStatus() == Response.Status.OK.getStatusCode()) {
            response.setEntity(null);
            response.setStatus(Response.Status.NO_CONTENT.getStatusCode());
            response.getHeaders().remove(HttpHeaders.CONTENT_TYPE);
            response.getHeaders().remove(HttpHeaders.LAST_MODIFIED);
        }
    }
}
