package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

class AllowedHostsTest {

    @Test
    void byDefaultTheLoopbackNamesAndTheListeningAddress() {
        Set<String> allowed = AllowedHosts.allowed(Optional.empty(), Optional.of("192.0.2.10"));

        assertEquals(Set.of("localhost", "127.0.0.1", "::1", "192.0.2.10"), allowed);
        assertTrue(AllowedHosts.isAllowed(allowed, "[::1]"));
        assertTrue(AllowedHosts.isAllowed(allowed, "LocalHost."));
        assertFalse(AllowedHosts.isAllowed(allowed, "rebound.example"));
        assertFalse(AllowedHosts.isAllowed(allowed, "localhost.rebound.example"));
    }

    @Test
    void anInstanceListeningOnEveryInterfaceAnswersAnyNameUnlessTold() {
        assertTrue(AllowedHosts.isAllowed(
                AllowedHosts.allowed(Optional.empty(), Optional.of("0.0.0.0")), "snippets.example"));
        assertTrue(
                AllowedHosts.isAllowed(AllowedHosts.allowed(Optional.empty(), Optional.of("::")), "snippets.example"));
        assertFalse(AllowedHosts.isAllowed(
                AllowedHosts.allowed(Optional.of("snippets.example"), Optional.of("0.0.0.0")), "other.example"));
    }

    @Test
    void theSettingIsTheWholeListWithStarForAny() {
        Set<String> allowed =
                AllowedHosts.allowed(Optional.of(" Snippets.Example , [2001:db8::1] "), Optional.of("127.0.0.1"));

        assertEquals(Set.of("snippets.example", "2001:db8::1"), allowed);
        assertFalse(AllowedHosts.isAllowed(allowed, "127.0.0.1"), "the setting replaces the default");
        assertTrue(
                AllowedHosts.isAllowed(AllowedHosts.allowed(Optional.of("*"), Optional.empty()), "anything.example"));
    }

    @Test
    void withoutAListeningAddressTheLoopbackNamesOnly() {
        assertEquals(AllowedHosts.LOOPBACK_NAMES, AllowedHosts.allowed(Optional.empty(), Optional.empty()));
    }
}
