package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.TimeoutHandler;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StreamingPoolTest {

    private final StreamingPool streaming = new StreamingPool();
    private final ClientAddress clientAddress = connectionFrom("192.0.2.7");

    @BeforeEach
    void start() {
        streaming.threads = new PlainThreads();
        streaming.clientAddress = clientAddress;
        streaming.start();
    }

    @AfterEach
    void stop() {
        streaming.stop();
    }

    @Test
    void anAnswerWithoutABodyIsSentAtOnceByTheRequestsThread() throws Exception {
        Answer answer = new Answer(null);
        Response notModified = Response.notModified().build();

        streaming.send(answer, () -> notModified);

        assertSame(notModified, answer.sent.getNow(null));
        assertSame(Thread.currentThread(), answer.sentBy);
    }

    @Test
    void aBodyIsWrittenByAThreadOfThePoolNotTheRequests() throws Exception {
        Answer answer = new Answer(null);

        streaming.send(answer, () -> Response.ok("bytes").build());

        assertEquals("bytes", ((Response) answer.sent.get(10, TimeUnit.SECONDS)).getEntity());
        assertNotEquals(Thread.currentThread(), answer.sentBy);
    }

    @Test
    void aRefusalWhileMakingTheAnswerIsAnsweredAtOnceAsThrown() {
        Answer answer = new Answer(null);
        ApiException refusal = ApiException.notFound();

        streaming.send(answer, () -> {
            throw refusal;
        });

        assertSame(refusal, answer.sent.getNow(null));
    }

    @Test
    void aBodyIsReadAndAnsweredByAThreadOfThePool() throws Exception {
        Answer answer = new Answer(null);
        CompletableFuture<Thread> reader = new CompletableFuture<>();

        streaming.receive(answer, () -> {
            reader.complete(Thread.currentThread());
            return Response.status(201).build();
        });

        assertEquals(201, ((Response) answer.sent.get(10, TimeUnit.SECONDS)).getStatus());
        assertNotEquals(Thread.currentThread(), reader.get());
        assertSame(reader.get(), answer.sentBy);
    }

    @Test
    void aRefusalWhileReadingTheBodyIsAnsweredAsThrown() throws Exception {
        Answer answer = new Answer(null);
        ApiException tooLarge = ApiException.payloadTooLarge("too large");

        streaming.receive(answer, () -> {
            throw tooLarge;
        });

        assertSame(tooLarge, answer.sent.get(10, TimeUnit.SECONDS));
    }

    @Test
    void theWorkOfThePoolsThreadsKnowsTheRequestsClientAddress() throws Exception {
        Answer answer = new Answer(null);
        CompletableFuture<Optional<String>> seen = new CompletableFuture<>();

        streaming.receive(answer, () -> {
            seen.complete(clientAddress.current());
            return Response.ok().build();
        });

        assertEquals(Optional.of("192.0.2.7"), seen.get(10, TimeUnit.SECONDS));
    }

    /** The address as a request from {@code address} gives it; on any other thread there is no request. */
    private static ClientAddress connectionFrom(String address) {
        Thread requests = Thread.currentThread();
        ClientAddress clientAddress = new ClientAddress();
        clientAddress.trustedProxies = Optional.empty();
        clientAddress.readTrustedProxies();
        clientAddress.request = (HttpServletRequest) Proxy.newProxyInstance(
                ClientAddress.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, method, arguments) -> {
                    if (Thread.currentThread() != requests) {
                        throw new ContextNotActiveException("no request on this thread");
                    }
                    if (method.getName().equals("getRemoteAddr")) {
                        return address;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        return clientAddress;
    }

    @Test
    void whileEveryThreadOfThePoolIsBusyTheRequestsOwnThreadWritesTheBody() throws Exception {
        CountDownLatch clientsReading = new CountDownLatch(1);
        List<Answer> writing = new ArrayList<>();
        try {
            for (int i = 0; i < StreamingPool.MAX_AT_ONCE; i++) {
                Answer answer = new Answer(clientsReading);
                streaming.send(answer, () -> Response.ok("slow").build());
                writing.add(answer);
            }
            Answer oneMore = new Answer(null);

            streaming.send(oneMore, () -> Response.ok("one more").build());

            assertEquals("one more", ((Response) oneMore.sent.getNow(null)).getEntity());
            assertSame(Thread.currentThread(), oneMore.sentBy);
        } finally {
            clientsReading.countDown();
        }
        for (Answer answer : writing) {
            assertEquals("slow", ((Response) answer.sent.get(10, TimeUnit.SECONDS)).getEntity());
        }
    }

    /** Records what it is resumed with, and by which thread; when given a latch, its resume waits on it, as a write to a slow client does. */
    private static final class Answer implements AsyncResponse {

        final CompletableFuture<Object> sent = new CompletableFuture<>();
        volatile Thread sentBy;
        private final CountDownLatch slowClient;

        Answer(CountDownLatch slowClient) {
            this.slowClient = slowClient;
        }

        @Override
        public boolean resume(Object response) {
            sentBy = Thread.currentThread();
            if (slowClient != null) {
                try {
                    slowClient.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return sent.complete(response);
        }

        @Override
        public boolean resume(Throwable response) {
            sentBy = Thread.currentThread();
            return sent.complete(response);
        }

        @Override
        public boolean cancel() {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean cancel(int retryAfter) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean cancel(Date retryAfter) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isSuspended() {
            return !sent.isDone();
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public boolean isDone() {
            return sent.isDone();
        }

        @Override
        public boolean setTimeout(long time, TimeUnit unit) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setTimeoutHandler(TimeoutHandler handler) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Collection<Class<?>> register(Class<?> callback) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<Class<?>, Collection<Class<?>>> register(Class<?> callback, Class<?>... callbacks) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Collection<Class<?>> register(Object callback) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<Class<?>, Collection<Class<?>>> register(Object callback, Object... callbacks) {
            throw new UnsupportedOperationException();
        }
    }

    /** What the server's managed thread factory is to this pool: plain threads. */
    private static final class PlainThreads implements ManagedThreadFactory {

        @Override
        public Thread newThread(Runnable task) {
            Thread thread = new Thread(task, "streaming-pool-test");
            thread.setDaemon(true);
            return thread;
        }

        @Override
        public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
            throw new UnsupportedOperationException();
        }
    }
}
