package io.snippetstore.transfer.boundary;

import java.io.InputStream;

import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.transfer.control.ImportReport;
import io.snippetstore.transfer.control.Imports;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** An export archive taken into the caller's account, all or nothing, with a report of what was created. */
@Path("v1/import")
@Authenticated
public class ImportResource {

    @Inject
    Imports imports;

    @POST
    @Consumes({ExportResource.ZIP, "application/x-zip-compressed", MediaType.APPLICATION_OCTET_STREAM})
    @Produces(MediaType.APPLICATION_JSON)
    public ApiResponse<ImportReport> importArchive(InputStream archive, @Context SecurityContext security) {
        return ApiResponse.of(imports.receive(Caller.of(security), archive));
    }
}
