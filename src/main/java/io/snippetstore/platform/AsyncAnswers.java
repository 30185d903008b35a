package io.snippetstore.platform;

import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.AsyncResponse;

/**
 * Answers a suspended request once its work is done elsewhere (a write, on the writer's thread),
 * on threads of its own: the thread that completes the work goes straight on with the next, and
 * the answer is written by one free for it. A fixed pool of the server's managed threads rather
 * than the managed executor, which captures and restores the caller's context for every task:
 * an answer needs none of it.
 */
@ApplicationScoped
public class AsyncAnswers {

    @Resource
    ManagedThreadFactory threads;

    private ExecutorService answering;

    @PostConstruct
    void start() {
        answering =
                Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()), threads);
    }

    @PreDestroy
    void stop() {
        answering.shutdown();
    }

    /** Resumes {@code answer} with what {@code toAnswer} makes of the outcome, or with its failure, mapped like any thrown exception. */
    public <T> void resume(AsyncResponse answer, CompletionStage<T> outcome, Function<T, ?> toAnswer) {
        outcome.whenCompleteAsync(
                (result, failure) -> {
                    if (failure != null) {
                        answer.resume(
                                failure instanceof CompletionException wrapped && wrapped.getCause() != null
                                        ? wrapped.getCause()
                                        : failure);
                        return;
                    }
                    try {
                        answer.resume(toAnswer.apply(result));
                    } catch (RuntimeException e) {
                        answer.resume(e);
                    }
                },
                answering);
    }
}
