package io.snippetstore.transfer.boundary;

import java.time.LocalDate;
import java.time.ZoneOffset;

import io.snippetstore.platform.CallerScopes;
import io.snippetstore.platform.StreamingPool;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.transfer.control.Exports;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;

/** A user's own snippets, tags and attachments as one archive (docs/API.md, "Export and import"). */
@Path("v1/export")
@Authenticated
@RequiresScope(Scope.ACCOUNT)
public class ExportResource {

    public static final String ZIP = "application/zip";

    @Inject
    Exports exports;

    @Inject
    StreamingPool streaming;

    @GET
    @Produces({ZIP, MediaType.APPLICATION_JSON})
    public void export(@Context SecurityContext security, @Suspended AsyncResponse answer) {
        Caller caller = Caller.of(security);
        CallerScopes.requireAllCollections(caller, "an export"); // before the answer starts
        StreamingOutput archive = out -> exports.write(caller, out);
        String filename = "snippets-" + caller.username() + "-" + LocalDate.now(ZoneOffset.UTC) + ".zip";
        streaming.send(
                answer,
                () -> Response.ok(archive, ZIP)
                        .header("Content-Disposition", "attachment; filename=\"" + filename + "\"")
                        .build());
    }
}
