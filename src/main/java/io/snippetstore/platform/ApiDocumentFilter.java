package io.snippetstore.platform;

import java.util.Set;

import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Operation;

/**
 * Puts back the {@code required} of request bodies where the server's reading of
 * META-INF/openapi.yaml lost it: SmallRye OpenAPI (WildFly's) reads a static file's properties
 * generically, which leaves a request body's "required was set" marker unset, so it serves none
 * (server-config/README.md). Where the server kept the value (Payara, Open Liberty), nothing is
 * changed. ApiDocumentationTests compares what every server serves with the file.
 */
public class ApiDocumentFilter implements OASFilter {

    /** The operations whose body may be left out; every other request body of the document is required. */
    static final Set<String> OPTIONAL_BODIES = Set.of("startDeviceLogin");

    @Override
    public Operation filterOperation(Operation operation) {
        if (operation.getRequestBody() != null && operation.getRequestBody().getRequired() == null) {
            operation.getRequestBody().setRequired(!OPTIONAL_BODIES.contains(operation.getOperationId()));
        }
        return operation;
    }
}
