package io.snippetstore.platform;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.Response;

/**
 * Streams the bodies that take as long as their client does (downloads, exports, uploads) on
 * threads of the service's own, so that a client reading or sending at 1 MB/s holds none of the
 * server's HTTP workers, which the JSON requests need: WildFly has 16 a core by default. The
 * request is suspended and answered from a thread of this pool; Jersey and RESTEasy both write a
 * resumed answer on the thread that resumes it, and neither puts a time limit on a suspended
 * request unless asked. While every thread of the pool is busy, the request's own thread does
 * the work, as it would without the pool. The work runs with the request's client address as the
 * current one, so that what it records (an export's audit record) names the client that asked.
 */
@ApplicationScoped
public class StreamingPool {

    /** Bodies streamed at once by the pool's threads, each mostly blocked on its client's socket. */
    static final int MAX_AT_ONCE = 512;

    private static final long IDLE_SECONDS = 60;

    @Resource
    ManagedThreadFactory threads;

    @Inject
    ClientAddress clientAddress;

    private ThreadPoolExecutor streaming;

    @PostConstruct
    void start() {
        streaming = new ThreadPoolExecutor(
                0, MAX_AT_ONCE, IDLE_SECONDS, TimeUnit.SECONDS, new SynchronousQueue<>(), threads);
    }

    @PreDestroy
    void stop() {
        streaming.shutdown();
    }

    /**
     * Answers with the response {@code toAnswer} makes on this thread (so a refusal goes out at
     * once), its body written by a thread of the pool.
     */
    public void send(AsyncResponse answer, Supplier<Response> toAnswer) {
        Response response;
        try {
            response = toAnswer.get();
        } catch (RuntimeException e) {
            answer.resume(e);
            return;
        }
        if (response.hasEntity()) {
            run(() -> answer.resume(response));
        } else {
            answer.resume(response);
        }
    }

    /** Answers with what {@code readsTheBody}, which reads the request's body, makes on a thread of the pool. */
    public void receive(AsyncResponse answer, Supplier<Response> readsTheBody) {
        run(() -> {
            try {
                answer.resume(readsTheBody.get());
            } catch (RuntimeException e) {
                answer.resume(e);
            }
        });
    }

    private void run(Runnable work) {
        Supplier<Void> carried = clientAddress.carriedInto(() -> {
            work.run();
            return null;
        });
        try {
            streaming.execute(carried::get);
        } catch (RejectedExecutionException everyThreadBusy) {
            work.run();
        }
    }
}
