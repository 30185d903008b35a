package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.ApiTokens;
import io.snippetstore.platform.ApiResponse;
import jakarta.inject.Inject;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * A token found where it should not be (a commit, a log, a chat), revoked by whoever found it,
 * without signing in: the answer is the same whether it was a live token or not, so that it
 * tells nothing about the value.
 */
@Path("v1/auth/tokens/revoke")
@Produces(MediaType.APPLICATION_JSON)
public class LeakedTokensResource {

    @Inject
    ApiTokens tokens;

    @JsonbPropertyOrder({"received"})
    public record ReceivedView(boolean received) {}

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public ApiResponse<ReceivedView> revoke(@Valid @NotNull LeakedTokenRequest request) {
        tokens.revokeLeaked(request.token());
        return ApiResponse.of(new ReceivedView(true));
    }
}
