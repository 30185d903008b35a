package io.snippetstore.storage.boundary;

import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Deleted;
import io.snippetstore.platform.StreamingPool;
import io.snippetstore.platform.security.AdminOnly;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.SessionOnly;
import io.snippetstore.storage.control.BackupFile;
import io.snippetstore.storage.control.Backups;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/** Online backups of the whole database, for administrators: take, list, download, restore, delete. */
@Path("v1/storage/backups")
@Authenticated
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
public class BackupsResource {

    /** The media type of an SQLite database file (IANA registered). */
    public static final String SQLITE = "application/vnd.sqlite3";

    @Inject
    Backups backups;

    @Inject
    StreamingPool streaming;

    @POST
    public Response take(@Context UriInfo uri, @Context SecurityContext security) {
        BackupFile backup = backups.take(Caller.of(security));
        return Response.created(uri.getAbsolutePathBuilder().path(backup.name()).build())
                .entity(ApiResponse.of(BackupView.of(backup)))
                .build();
    }

    @GET
    public ApiList<BackupView> list() {
        return ApiList.complete(backups.list().stream().map(BackupView::of).toList());
    }

    @GET
    @Path("{name}")
    public ApiResponse<BackupView> get(@PathParam("name") String name) {
        return ApiResponse.of(BackupView.of(backups.get(name)));
    }

    @GET
    @Path("{name}/download")
    @Produces({SQLITE, MediaType.APPLICATION_JSON})
    public void download(@PathParam("name") String name, @Suspended AsyncResponse answer) {
        streaming.send(answer, () -> {
            java.nio.file.Path file = backups.file(name);
            return Response.ok(file.toFile(), SQLITE)
                    .header("Content-Disposition", "attachment; filename=\"" + file.getFileName() + "\"")
                    .build();
        });
    }

    /** Replaces the whole database with this backup; the data it replaces is kept as another backup. */
    @POST
    @Path("{name}/restore")
    @SessionOnly // a leaked token must not replace the database
    public ApiResponse<RestoredView> restore(@PathParam("name") String name, @Context SecurityContext security) {
        return ApiResponse.of(RestoredView.of(backups.restore(Caller.of(security), name)));
    }

    @DELETE
    @Path("{name}")
    public ApiResponse<Deleted> delete(@PathParam("name") String name, @Context SecurityContext security) {
        backups.delete(Caller.of(security), name);
        return ApiResponse.of(Deleted.of(name));
    }
}
