package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * The device login's polling against a staged service (docs/API.md, "Device login"): at the
 * service's interval, five seconds more from each {@code slow_down} on, until the token comes or
 * the login ends. The waits are recorded, not slept.
 */
class DeviceLoginPollingTest {

    private static final String STARTED = "{\"ok\":true,\"data\":{\"deviceCode\":\"the-device-code\","
            + "\"userCode\":\"ABCD-EFGH\",\"verificationUrl\":\"http://127.0.0.1/device\","
            + "\"verificationUrlComplete\":\"http://127.0.0.1/device?code=ABCD-EFGH\",\"interval\":2,"
            + "\"expiresIn\":600}}";

    private static StagedHttp.Reply refused(String code) {
        return StagedHttp.Reply.status(
                400, "{\"ok\":false,\"error\":{\"code\":\"" + code + "\",\"message\":\"" + code + "\"}}");
    }

    private static Output output() {
        return new Output(new Terminal(
                new PrintWriter(new StringWriter(), true),
                new PrintWriter(new StringWriter(), true),
                new ByteArrayOutputStream(),
                new ByteArrayInputStream(new byte[0]),
                false,
                false));
    }

    /** Polls a service whose token endpoint answers {@code polls} in turn; the waits before each poll. */
    private static List<Duration> waitsPolling(StagedHttp.Reply... polls) throws Exception {
        Iterator<StagedHttp.Reply> answers = List.of(polls).iterator();
        List<Duration> waits = new ArrayList<>();
        try (StagedHttp service = new StagedHttp()
                .on("POST /api/v1/auth/device", request -> StagedHttp.Reply.json(STARTED))
                .on("POST /api/v1/auth/device/token", request -> answers.next())) {
            Api api = new Api(service.address(), Optional.empty(), Duration.ofSeconds(10), Proxy.NO_PROXY);
            try {
                JsonObject token = AuthCommands.deviceLogin(
                        api, Json.createObjectBuilder().add("name", "polled"), 600, output(), waits::add);
                assertEquals("sst_made", token.getString("token"));
            } finally {
                assertEquals(polls.length, service.requests.size() - 1, "one poll per answer, after the start");
            }
        }
        return waits;
    }

    @Test
    void eachSlowDownAddsFiveSecondsToTheIntervalFromThenOn() throws Exception {
        List<Duration> waits = waitsPolling(
                refused("authorization_pending"),
                refused("slow_down"),
                refused("authorization_pending"),
                refused("slow_down"),
                StagedHttp.Reply.json("{\"ok\":true,\"data\":{\"token\":\"sst_made\"}}"));

        assertEquals(
                List.of(2L, 2L, 7L, 7L, 12L),
                waits.stream().map(Duration::toSeconds).toList());
    }

    @Test
    void aDeniedLoginEndsThePollingWithTheBrowsersAnswer() {
        Failure denied = assertThrows(Failure.class, () -> waitsPolling(refused("access_denied")));

        assertEquals("The login was denied in the browser.", denied.getMessage());
    }
}
