package io.snippetstore.groups.boundary;

import io.snippetstore.groups.control.GroupData;
import io.snippetstore.groups.control.Groups;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Deleted;
import io.snippetstore.platform.security.AdminOnly;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/** Groups: every signed-in user lists them (to share with them); administrators make them and manage their members. */
@Path("v1/groups")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class GroupsResource {

    @Inject
    Groups groups;

    @POST
    @AdminOnly
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(
            @Valid @NotNull CreateGroupRequest request, @Context UriInfo uri, @Context SecurityContext security) {
        GroupData group = groups.create(Caller.of(security), request.name());
        return Response.created(uri.getAbsolutePathBuilder().path(group.id()).build())
                .entity(ApiResponse.of(GroupView.of(group)))
                .build();
    }

    @RequiresScope(Scope.SHARING)
    @GET
    public ApiList<GroupView> list() {
        return ApiList.complete(groups.list().stream().map(GroupView::of).toList());
    }

    @RequiresScope(Scope.SHARING)
    @GET
    @Path("{groupId}")
    public ApiResponse<GroupView> get(@PathParam("groupId") String groupId) {
        return ApiResponse.of(GroupView.of(groups.get(groupId)));
    }

    @DELETE
    @AdminOnly
    @Path("{groupId}")
    public ApiResponse<Deleted> delete(@PathParam("groupId") String groupId, @Context SecurityContext security) {
        return ApiResponse.of(Deleted.of(groups.delete(Caller.of(security), groupId)));
    }

    /** Adds the user (idempotent): the answer is the group. */
    @PUT
    @AdminOnly
    @Path("{groupId}/members/{userId}")
    public ApiResponse<GroupView> addMember(
            @PathParam("groupId") String groupId,
            @PathParam("userId") String userId,
            @Context SecurityContext security) {
        return ApiResponse.of(GroupView.of(groups.addMember(Caller.of(security), groupId, userId)));
    }

    @DELETE
    @AdminOnly
    @Path("{groupId}/members/{userId}")
    public ApiResponse<GroupView> removeMember(
            @PathParam("groupId") String groupId,
            @PathParam("userId") String userId,
            @Context SecurityContext security) {
        return ApiResponse.of(GroupView.of(groups.removeMember(Caller.of(security), groupId, userId)));
    }
}
