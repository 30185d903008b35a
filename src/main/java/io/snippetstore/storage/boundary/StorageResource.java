package io.snippetstore.storage.boundary;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.StreamingPool;
import io.snippetstore.platform.security.AdminOnly;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.SessionOnly;
import io.snippetstore.storage.control.Backups;
import io.snippetstore.storage.control.StorageSettings;
import jakarta.inject.Inject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;

/** Storage settings, for administrators. */
@Path("v1/storage")
@Authenticated
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
public class StorageResource {

    /** {@code backend} is taken as any JSON, because a non-string backend is a validation failure here. */
    public record SelectBackendRequest(JsonValue backend) {}

    @Inject
    StorageSettings settings;

    @Inject
    Backups backups;

    @Inject
    StreamingPool streaming;

    @GET
    public ApiResponse<StorageView> get() {
        return ApiResponse.of(StorageView.of(settings.current()));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public ApiResponse<StorageView> select(@NotNull SelectBackendRequest request, @Context SecurityContext security) {
        if (!(request.backend() instanceof JsonString backend)) {
            throw ApiException.validationFailed(
                    List.of(new FieldError("backend", "must be a string, e.g. \"sqlite\"")));
        }
        return ApiResponse.of(StorageView.of(settings.select(Caller.of(security), backend.getString())));
    }

    /**
     * Replaces the whole database with the SQLite file in the body (a downloaded backup), once it
     * passes the checks; the data it replaces is kept as a backup. The body is taken from the
     * servlet request and read by a thread of the service's own, so that a slow sender holds none
     * of the server's HTTP workers.
     */
    @POST
    @Path("restore")
    @SessionOnly // a leaked token must not replace the database; checked before the upload is read
    @Consumes({BackupsResource.SQLITE, "application/x-sqlite3", MediaType.APPLICATION_OCTET_STREAM})
    public void restore(
            @Context HttpServletRequest request, @Context SecurityContext security, @Suspended AsyncResponse answer)
            throws IOException {
        Caller caller = Caller.of(security);
        InputStream database = request.getInputStream();
        streaming.receive(
                answer,
                () -> Response.ok(ApiResponse.of(RestoredView.of(backups.restoreUpload(caller, database))))
                        .build());
    }
}
