package io.snippetstore.platform;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;

/**
 * Counts and times every API request by method, route and status: started before the request is
 * matched (so that unknown paths count too, as {@code unmatched}), recorded when the answer,
 * error or not, is ready.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION - 500)
public class RequestMetrics implements ContainerRequestFilter, ContainerResponseFilter {

    private static final String STARTED = RequestMetrics.class.getName() + ".started";
    static final String UNMATCHED = "unmatched";
    /** Any other method a client invents is counted as {@code OTHER}: labels must stay few. */
    private static final Set<String> KNOWN_METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    @Context
    ResourceInfo resource;

    @Inject
    Metrics metrics;

    private final Map<Method, String> routes = new ConcurrentHashMap<>();

    @Override
    public void filter(ContainerRequestContext request) {
        request.setProperty(STARTED, System.nanoTime());
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getProperty(STARTED) instanceof Long started) {
            Method matched = resource.getResourceMethod();
            String route = matched == null
                    ? UNMATCHED
                    : routes.computeIfAbsent(matched, m -> route(resource.getResourceClass(), m));
            String method = KNOWN_METHODS.contains(request.getMethod()) ? request.getMethod() : "OTHER";
            metrics.requestServed(method, route, response.getStatus(), System.nanoTime() - started);
        }
    }

    /**
     * {@code /api/} and the class's and method's path templates, e.g. {@code /api/v1/snippets/{snippetId}}.
     * The annotations are looked up the class hierarchy: a server may hand out a CDI proxy's subclass and method.
     */
    static String route(Class<?> resourceClass, Method method) {
        StringBuilder route = new StringBuilder("/api");
        append(route, annotated(resourceClass, type -> type.getAnnotation(Path.class)));
        append(route, annotated(resourceClass, type -> {
            try {
                return type.getDeclaredMethod(method.getName(), method.getParameterTypes())
                        .getAnnotation(Path.class);
            } catch (NoSuchMethodException e) {
                return null;
            }
        }));
        return route.toString();
    }

    private static Path annotated(Class<?> resourceClass, Function<Class<?>, Path> lookup) {
        for (Class<?> type = resourceClass; type != null && type != Object.class; type = type.getSuperclass()) {
            Path path = lookup.apply(type);
            if (path != null) {
                return path;
            }
        }
        return null;
    }

    private static void append(StringBuilder route, Path path) {
        if (path != null && !path.value().isEmpty()) {
            route.append('/').append(path.value().replaceAll("^/+|/+$", ""));
        }
    }
}
