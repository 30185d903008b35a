package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.junit.jupiter.api.Test;

class LoopbackReceiverTest {

    private static HttpResponse<String> visit(String address) throws IOException, InterruptedException {
        return HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(URI.create(address)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void itListensOnAnEphemeralLoopbackPort() throws IOException {
        try (LoopbackReceiver receiver = new LoopbackReceiver("s")) {
            assertTrue(receiver.callback().matches("http://127\\.0\\.0\\.1:\\d+/callback"), receiver.callback());
        }
    }

    @Test
    void aRedirectWithAnotherStateIsRefusedAndTheOneWithTheRightStateGivesTheCode() throws Exception {
        try (LoopbackReceiver receiver = new LoopbackReceiver("expected-state")) {
            HttpResponse<String> forged = visit(receiver.callback() + "?code=forged&state=other");
            HttpResponse<String> real = visit(receiver.callback() + "?code=the-code&state=expected-state");

            assertEquals(400, forged.statusCode());
            assertEquals(200, real.statusCode());
            assertTrue(real.body().contains("You can close this tab"), real.body());
            assertEquals("the-code", receiver.awaitCode(Duration.ofSeconds(5)));
        }
    }

    @Test
    void aRefusalInTheBrowserIsAnAuthenticationFailure() throws Exception {
        try (LoopbackReceiver receiver = new LoopbackReceiver("st")) {
            visit(receiver.callback() + "?error=access_denied&state=st");

            Failure failure = assertThrows(Failure.class, () -> receiver.awaitCode(Duration.ofSeconds(5)));
            assertEquals(Failure.AUTH, failure.exitCode());
        }
    }

    @Test
    void noAnswerInTimeIsAnAuthenticationFailure() throws IOException {
        try (LoopbackReceiver receiver = new LoopbackReceiver("st")) {
            Failure failure = assertThrows(Failure.class, () -> receiver.awaitCode(Duration.ofMillis(200)));
            assertEquals(Failure.AUTH, failure.exitCode());
            assertTrue(failure.getMessage().contains("No sign-in arrived"), failure.getMessage());
        }
    }
}
