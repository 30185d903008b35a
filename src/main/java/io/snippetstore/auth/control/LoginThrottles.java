package io.snippetstore.auth.control;

import java.time.Duration;
import java.util.Optional;

/**
 * The failed-login counts a password check is under: per username and client address, and per
 * username across all addresses (at a higher limit). An attempt waits when either says so.
 */
public record LoginThrottles(LoginThrottle atAddress, LoginThrottle acrossAddresses) {

    /** Starts an attempt for this username from this address: how long it must still wait, if it must (see {@link LoginThrottle#reserve}). */
    public Optional<Duration> reserve(String username, String address) {
        return acrossAddresses.reserve(username).or(() -> atAddress.reserve(pair(username, address)));
    }

    /** The attempt succeeded: the username's failures are forgotten, at this address and across them. */
    public void succeeded(String username, String address) {
        atAddress.succeeded(pair(username, address));
        acrossAddresses.succeeded(username);
    }

    private static String pair(String username, String address) {
        return username + "\u0000" + address;
    }
}
