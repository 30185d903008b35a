package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.snippetstore.platform.ApiException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LoopbackCallbackTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://127.0.0.1/cb",
                "http://127.0.0.1:53682/",
                "http://localhost:8000/a/b?c=d",
                "http://LOCALHOST:1/x",
                "http://[::1]:9/cb",
                "HTTP://127.0.0.1:9/cb"
            })
    void loopbackHttpUrlsAreAccepted(String callback) {
        LoopbackCallback.parse(callback);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://127.0.0.1/cb",
                "http://localhost.example.com/cb",
                "http://user@127.0.0.1:9/cb",
                "http://user:pw@localhost/cb",
                "http://127.0.0.1:9/cb#x",
                "http://127.0.0.1:9/cb#",
                "javascript:alert(1)",
                "//127.0.0.1/cb",
                "/cb",
                "http://127.0.0.2/",
                "http://0.0.0.0/",
                "http://[::2]/",
                "http://127.0.0.1.nip.io/",
                "http://127.0.0.1:abc/",
                "http:127.0.0.1/cb",
                "http://127.0.0.1\\@evil.com/",
                "data:text/html,x",
                ""
            })
    void everythingElseIsAnInvalidCallback(String callback) {
        ApiException failure = assertThrows(ApiException.class, () -> LoopbackCallback.parse(callback));
        assertEquals("invalid_callback", failure.code());
        assertEquals(400, failure.status());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "http://127.0.0.1:9/cb|abc|s1|http://127.0.0.1:9/cb?code=abc&state=s1",
                "http://127.0.0.1:9/cb?x=1|abc||http://127.0.0.1:9/cb?x=1&code=abc",
                "http://localhost:9|a+b/c||http://localhost:9/?code=a%2Bb%2Fc",
                "http://[::1]:9/p%20q?y=%26|c|s t|http://[::1]:9/p%20q?y=%26&code=c&state=s+t"
            })
    void theCodeAndStateAreAppendedToTheCallbacksOwnQuery(String callback, String code, String state, String expected) {
        assertEquals(
                expected, LoopbackCallback.parse(callback).withCode(code, state).toString());
    }
}
