package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class ClientAddressTest {

    private static final Set<String> PROXIES = Set.of("10.0.0.2", "10.0.0.3");

    @Test
    void aConnectionFromAnUntrustedAddressIsTheClientWhateverItForwards() {
        assertEquals("203.0.113.5", ClientAddress.of("203.0.113.5", List.of("198.51.100.1"), PROXIES));
    }

    @Test
    void behindATrustedProxyTheRightmostUntrustedHopIsTheClient() {
        assertEquals(
                "198.51.100.1",
                ClientAddress.of("10.0.0.2", List.of("6.6.6.6, 198.51.100.1"), PROXIES),
                "the leftmost entry is whatever the client wrote");
        assertEquals(
                "198.51.100.1",
                ClientAddress.of("10.0.0.2", List.of("198.51.100.1", "10.0.0.3"), PROXIES),
                "one header per proxy, and the chain of trusted proxies is walked");
    }

    @Test
    void aTrustedProxyThatForwardsNothingUsableIsTheClient() {
        assertEquals("10.0.0.2", ClientAddress.of("10.0.0.2", List.of(), PROXIES));
        assertEquals("10.0.0.2", ClientAddress.of("10.0.0.2", List.of(" , 10.0.0.3"), PROXIES));
    }
}
