package io.snippetstore.auth.boundary;

import java.util.concurrent.TimeUnit;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.AsyncResponse;

/**
 * Resumes a suspended request with a failure after a delay, on the server's managed scheduler, without holding
 * a request thread meanwhile. Application-scoped, so that the scheduler is looked up once, not for
 * every request of the resources that use it (they are created per request).
 */
@ApplicationScoped
public class LaterAnswers {

    @Resource
    ManagedScheduledExecutorService scheduler;

    /**
     * Resumes {@code response} with {@code failure}, mapped like any thrown exception, after
     * {@code seconds}. (A {@code Throwable}, not an {@code Object}: {@code resume(Object)} would
     * send the exception as a 200 entity.)
     */
    void fail(AsyncResponse response, Throwable failure, long seconds) {
        scheduler.schedule(() -> response.resume(failure), seconds, TimeUnit.SECONDS);
    }
}
