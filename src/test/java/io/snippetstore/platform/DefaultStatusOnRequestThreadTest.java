package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;

class DefaultStatusOnRequestThreadTest {

    @Test
    void theDefaultStatusIsSetOnTheRequestThreadBeforeTheRequestGoesOn() throws Exception {
        List<String> happened = new ArrayList<>();
        HttpServletResponse response = (HttpServletResponse) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {HttpServletResponse.class}, (proxy, method, arguments) -> {
                    happened.add(method.getName() + (arguments == null ? "" : " " + arguments[0]) + " on "
                            + Thread.currentThread().getName());
                    return null;
                });
        HttpServletRequest request = (HttpServletRequest) Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, method, arguments) -> null);
        FilterChain chain = (chainRequest, chainResponse) ->
                happened.add("chain on " + Thread.currentThread().getName());

        new DefaultStatusOnRequestThread().doFilter(request, response, chain);

        String here = Thread.currentThread().getName();
        assertEquals(List.of("setStatus 200 on " + here, "chain on " + here), happened);
    }
}
