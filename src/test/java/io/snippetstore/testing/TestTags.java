package io.snippetstore.testing;

/**
 * The JUnit tags that place an integration test in the build's server passes (pom.xml): every
 * untagged test runs on Payara Micro, WildFly and Open Liberty.
 */
public final class TestTags {

    /**
     * Starts Payara Micros of its own ({@link OwnPayaraMicro}): what it tests is the application's,
     * not the server's, so it runs once, in a pass of its own.
     */
    public static final String OWN_SERVER = "own-server";

    /**
     * Runs in the Payara Micro pass only, for the reason its class gives: what it proves does not
     * depend on the server, and the other servers' passes would only repeat it.
     */
    public static final String PAYARA_ONLY = "payara-only";

    private TestTags() {}
}
