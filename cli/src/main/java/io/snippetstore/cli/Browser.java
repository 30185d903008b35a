package io.snippetstore.cli;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/** Opens the system browser on an address, when there is one; the address is printed anyway. */
final class Browser {

    private Browser() {}

    static void open(String address) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        List<String> command = os.contains("mac")
                ? List.of("open", address)
                : os.contains("win")
                        ? List.of("rundll32", "url.dll,FileProtocolHandler", address)
                        : List.of("xdg-open", address);
        try {
            new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException noBrowser) {
            // the address is on the screen: the user opens it by hand
        }
    }
}
