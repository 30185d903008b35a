package io.snippetstore.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The TCP sockets a process listens on, read from Linux's {@code /proc}: {@code /proc/net/tcp}
 * and {@code tcp6} give every listening socket's address and inode, {@code /proc/PID/fd} which
 * inodes a process holds. Nothing is sent anywhere.
 */
public final class ListeningSockets {

    private static final String LISTEN = "0A";

    private ListeningSockets() {}

    /** Every listening TCP socket of the machine's network namespace, by inode. */
    static Map<Long, InetSocketAddress> all() {
        return Stream.of("/proc/net/tcp", "/proc/net/tcp6")
                .map(Path::of)
                .filter(Files::isReadable)
                .flatMap(ListeningSockets::lines)
                .map(line -> line.trim().split("\\s+"))
                .filter(fields -> fields.length > 9 && LISTEN.equals(fields[3]))
                .collect(Collectors.toMap(
                        fields -> Long.parseLong(fields[9]), fields -> address(fields[1]), (a, b) -> a));
    }

    /** The process that listens on this TCP port, when one this user may see does. */
    public static Optional<Long> processListeningOn(int port) {
        Set<Long> inodes = all().entrySet().stream()
                .filter(socket -> socket.getValue().getPort() == port)
                .map(Map.Entry::getKey)
                .collect(Collectors.toSet());
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            return processes
                    .filter(process -> process.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(process -> socketInodes(process).stream().anyMatch(inodes::contains))
                    .map(process -> Long.parseLong(process.getFileName().toString()))
                    .findFirst();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The addresses the process listens on, TCP over IPv4 and IPv6. */
    public static List<InetSocketAddress> of(long pid) {
        Map<Long, InetSocketAddress> listening = all();
        List<InetSocketAddress> own = new ArrayList<>();
        for (long inode : socketInodes(Path.of("/proc", String.valueOf(pid)))) {
            if (listening.containsKey(inode)) {
                own.add(listening.get(inode));
            }
        }
        return own;
    }

    /**
     * {@code /proc/net/tcp}'s form of a local address: the address in hex as the kernel stores it
     * (each 32-bit word in the machine's little-endian order), a colon, the port in hex.
     */
    static InetSocketAddress address(String hexAddressAndPort) {
        String[] parts = hexAddressAndPort.split(":");
        byte[] stored = HexFormat.of().parseHex(parts[0]);
        byte[] address = new byte[stored.length];
        for (int word = 0; word < stored.length; word += 4) {
            for (int i = 0; i < 4; i++) {
                address[word + i] = stored[word + 3 - i];
            }
        }
        try {
            return new InetSocketAddress(InetAddress.getByAddress(address), Integer.parseInt(parts[1], 16));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(hexAddressAndPort, e);
        }
    }

    private static Set<Long> socketInodes(Path process) {
        try (Stream<Path> descriptors = Files.list(process.resolve("fd"))) {
            return descriptors
                    .map(ListeningSockets::link)
                    .flatMap(Optional::stream)
                    .filter(target -> target.startsWith("socket:["))
                    .map(target -> Long.parseLong(target.substring("socket:[".length(), target.length() - 1)))
                    .collect(Collectors.toSet());
        } catch (IOException | SecurityException goneOrNotOurs) {
            return Set.of();
        }
    }

    private static Optional<String> link(Path descriptor) {
        try {
            return Optional.of(Files.readSymbolicLink(descriptor).toString());
        } catch (IOException | SecurityException closedMeanwhile) {
            return Optional.empty();
        }
    }

    private static Stream<String> lines(Path table) {
        try {
            return Files.readAllLines(table).stream().skip(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
