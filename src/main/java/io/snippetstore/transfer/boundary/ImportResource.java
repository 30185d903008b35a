package io.snippetstore.transfer.boundary;

import java.io.IOException;
import java.io.InputStream;

import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.StreamingPool;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.transfer.control.ArchiveReceiver;
import io.snippetstore.transfer.control.ImportOptions;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;

/** An export archive taken into the caller's account, all or nothing, with a report of what was created. */
@Path("v1/import")
@Authenticated
@RequiresScope(Scope.ACCOUNT)
public class ImportResource {

    @Inject
    ArchiveReceiver archives;

    @Inject
    StreamingPool streaming;

    /**
     * Takes the body from the servlet request rather than as a JAX-RS entity, so that a thread of
     * the service's own reads it at its client's pace (up to the import limit) and none of the
     * server's HTTP workers waits on a slow sender.
     */
    @POST
    @Consumes({ExportResource.ZIP, "application/x-zip-compressed", MediaType.APPLICATION_OCTET_STREAM})
    @Produces(MediaType.APPLICATION_JSON)
    public void importArchive(
            @QueryParam("duplicates") String duplicates,
            @QueryParam("dryRun") String dryRun,
            @Context HttpServletRequest request,
            @Context SecurityContext security,
            @Suspended AsyncResponse answer)
            throws IOException {
        Caller caller = Caller.of(security);
        ImportOptions options = ImportOptions.parse(duplicates, dryRun);
        InputStream archive = request.getInputStream();
        streaming.receive(
                answer,
                () -> Response.ok(ApiResponse.of(archives.receive(caller, archive, options)))
                        .build());
    }
}
