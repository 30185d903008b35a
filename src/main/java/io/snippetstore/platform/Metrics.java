package io.snippetstore.platform;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The service's metrics, in one Micrometer registry inside the WAR, read in the Prometheus text
 * format (docs/API.md, "Metrics"). Components record into it through the named meters below, so
 * that every name and its buckets are in one place.
 */
@ApplicationScoped
public class Metrics {

    /** Latency buckets of requests and of waits for the writer: from a cached read to a long upload. */
    private static final Duration[] BUCKETS = {
        Duration.ofMillis(1),
        Duration.ofMillis(5),
        Duration.ofMillis(10),
        Duration.ofMillis(25),
        Duration.ofMillis(50),
        Duration.ofMillis(100),
        Duration.ofMillis(250),
        Duration.ofMillis(500),
        Duration.ofSeconds(1),
        Duration.ofMillis(2500),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10)
    };

    private PrometheusMeterRegistry registry;
    private JvmGcMetrics garbageCollection;
    private Counter tokenRequests;
    private Timer writerWaits;
    private DistributionSummary writeGroups;
    private Counter failedWriteGroups;
    /** By method, status and route: few, since routes are templates. */
    private final Map<String, Timer> requestTimers = new ConcurrentHashMap<>();

    @PostConstruct
    void start() {
        registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new JvmMemoryMetrics().bindTo(registry);
        garbageCollection = new JvmGcMetrics();
        garbageCollection.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        // the meters of every request, registered once rather than looked up each time
        tokenRequests = Counter.builder("snippets.token.requests")
                .description("Requests authenticated by an API token")
                .register(registry);
        writerWaits = Timer.builder("snippets.write.gate.wait")
                .description("Time writes waited for the single writer")
                .serviceLevelObjectives(BUCKETS)
                .register(registry);
        writeGroups = DistributionSummary.builder("snippets.write.group.size")
                .description("Writes grouped for one commit (groups of two or more)")
                .serviceLevelObjectives(2, 4, 8, 16, 32, 64)
                .register(registry);
        failedWriteGroups = Counter.builder("snippets.write.groups.failed")
                .description("Groups whose writes ran again one by one after one of them failed")
                .register(registry);
    }

    @PreDestroy
    void stop() {
        garbageCollection.close();
        registry.close();
    }

    /** A request answered: its route is the resource method's path template, never the ids in it. */
    public void requestServed(String method, String route, int status, long nanos) {
        requestTimers
                .computeIfAbsent(
                        method + ' ' + status + ' ' + route,
                        key -> Timer.builder("http.server.requests")
                                .description("HTTP requests by route and status")
                                .tag("method", method)
                                .tag("route", route)
                                .tag("status", String.valueOf(status))
                                .serviceLevelObjectives(BUCKETS)
                                .register(registry))
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    /** How long a write waited for the single writer's gate (also when it gave up). */
    public void writerWaited(long nanos) {
        writerWaits.record(nanos, TimeUnit.NANOSECONDS);
    }

    /** A group of writes for one commit: how many, and whether they committed together (else each ran again alone). */
    public void writesGrouped(int writes, boolean committedTogether) {
        writeGroups.record(writes);
        if (!committedTogether) {
            failedWriteGroups.increment();
        }
    }

    /** A login attempt by its outcome: success, failure, throttled. */
    public void loginAttempted(String outcome) {
        Counter.builder("snippets.logins")
                .description("Login attempts by outcome")
                .tag("outcome", outcome)
                .register(registry)
                .increment();
    }

    /** A request authenticated by an API token. */
    public void tokenUsed() {
        tokenRequests.increment();
    }

    public MeterRegistry registry() {
        return registry;
    }

    /** Everything, in the Prometheus text exposition format 0.0.4. */
    public String scrape() {
        return registry.scrape();
    }
}
