package io.snippetstore.audit.boundary;

import java.util.Optional;

import io.snippetstore.audit.control.AuditFilter;
import io.snippetstore.audit.control.AuditPage;
import io.snippetstore.audit.control.AuditTrail;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.PageLimit;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** The audit trail: an administrator reads everyone's records, every other user their own. */
@Path("v1/audit")
@Authenticated
@RequiresScope(Scope.ACCOUNT)
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    @Inject
    AuditTrail trail;

    @GET
    public ApiList<AuditRecordView> list(
            @QueryParam("userId") String userId,
            @QueryParam("action") String action,
            @QueryParam("since") String since,
            @QueryParam("until") String until,
            @QueryParam("cursor") String cursor,
            @QueryParam("limit") String limit,
            @Context SecurityContext security) {
        AuditFilter filter = new AuditFilter(
                present(userId),
                present(action),
                present(since).map(value -> Timestamps.parse(value, "since")),
                present(until).map(value -> Timestamps.parse(value, "until")));
        AuditPage page = trail.page(Caller.of(security), filter, present(cursor), PageLimit.parse(limit));
        return ApiList.page(
                page.records().stream().map(AuditRecordView::of).toList(),
                page.nextCursor().orElse(null),
                page.limit());
    }

    private static Optional<String> present(String parameter) {
        return Optional.ofNullable(parameter).filter(value -> !value.isEmpty());
    }
}
