package bench.asyncstatus;

import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * POST {context}/api/{bare|settled}/created: suspended, and answered 201 with a Location and a
 * snippet-sized body by another thread at once, the way the service answers a create after its
 * commit. Under {@code settled} the default status is set first ({@link DefaultStatusFirst}).
 */
@Path("/{variant: bare|settled}/created")
public class CreatedLater {

    private static final ExecutorService ANSWERING = Executors.newFixedThreadPool(2);
    private static final String BODY =
            "{\"ok\":true,\"data\":{\"id\":\"01JASYNCSTATUS000000000000\",\"code\":\"" + "x".repeat(1000) + "\"}}";

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    public void create(@Suspended AsyncResponse answer) {
        ANSWERING.execute(() -> answer.resume(Response.created(URI.create("http://127.0.0.1/snippets/1"))
                .tag("1")
                .entity(BODY)
                .build()));
    }
}
