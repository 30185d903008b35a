package io.snippetstore.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

import org.junit.jupiter.api.Test;

class ListeningSocketsTest {

    @Test
    void readsTheKernelsLittleEndianIpv4AndIpv6Addresses() {
        assertEquals(new InetSocketAddress("127.0.0.1", 8080), ListeningSockets.address("0100007F:1F90"));
        assertEquals(new InetSocketAddress("0.0.0.0", 6900), ListeningSockets.address("00000000:1AF4"));
        assertEquals(
                new InetSocketAddress("::1", 443), ListeningSockets.address("00000000000000000000000001000000:01BB"));
        assertEquals(
                new InetSocketAddress("::", 6901), ListeningSockets.address("00000000000000000000000000000000:1AF5"));
        assertEquals(new InetSocketAddress("192.0.2.2", 80), ListeningSockets.address("020200C0:0050"));
    }

    @Test
    void anIpv4MappedLoopbackAddressIsLoopbackAndTheWildcardsAreNot() {
        assertTrue(ListeningSockets.address("0000000000000000FFFF00000100007F:1F90")
                .getAddress()
                .isLoopbackAddress());
        assertFalse(ListeningSockets.address("00000000:1AF4").getAddress().isLoopbackAddress());
        assertFalse(ListeningSockets.address("00000000000000000000000000000000:1AF5")
                .getAddress()
                .isLoopbackAddress());
    }

    @Test
    void findsASocketThisProcessListensOnUnderItsOwnProcess() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            long self = ProcessHandle.current().pid();

            assertEquals(
                    self,
                    ListeningSockets.processListeningOn(socket.getLocalPort()).orElseThrow());
            assertTrue(
                    ListeningSockets.of(self)
                            .contains(new InetSocketAddress(InetAddress.getLoopbackAddress(), socket.getLocalPort())),
                    () -> ListeningSockets.of(self).toString());
        }
    }
}
