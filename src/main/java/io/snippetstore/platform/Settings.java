package io.snippetstore.platform;

/**
 * Every setting the application reads, with its default: the one place of both. Settings are read
 * through MicroProfile Config, so an environment variable or a system property of the same name
 * sets one; docs/configuration.md explains them for operators. An injection point
 * names both constants: {@code @ConfigProperty(name = Settings.X, defaultValue = Settings.X_DEFAULT)}.
 *
 * <p>The listening address and port ({@code SNIPPETS_HTTP_ADDRESS}, {@code SNIPPETS_HTTP_PORT})
 * are the servers' settings, not the application's: their defaults are in the pom's run profile
 * and in each server's configuration under {@code server-config/}.
 */
public final class Settings {

    public static final String DATA_DIR = "SNIPPETS_DATA_DIR";
    public static final String DATA_DIR_DEFAULT = "./data";

    public static final String ADMIN_USER = "SNIPPETS_ADMIN_USER";
    public static final String ADMIN_USER_DEFAULT = "admin";

    /** No default: without it the first administrator gets a generated password, logged once. */
    public static final String ADMIN_PASSWORD = "SNIPPETS_ADMIN_PASSWORD";

    public static final String MAX_CODE_BYTES = "SNIPPETS_MAX_CODE_BYTES";
    public static final String MAX_CODE_BYTES_DEFAULT = "1048576";

    public static final String MAX_UPLOAD_BYTES = "SNIPPETS_MAX_UPLOAD_BYTES";
    public static final String MAX_UPLOAD_BYTES_DEFAULT = "104857600";

    /**
     * Days a token made by a browser login or a device login lives (1..3650; 0: until revoked):
     * those tokens sit in shell profiles and CI settings, and should not outlive the person's
     * access at the identity provider by years.
     */
    public static final String LOGIN_TOKEN_DAYS = "SNIPPETS_LOGIN_TOKEN_DAYS";

    public static final String LOGIN_TOKEN_DAYS_DEFAULT = "90";

    public static final String TOKEN_MAX_DAYS = "SNIPPETS_TOKEN_MAX_DAYS";

    public static final String TOKEN_MAX_DAYS_DEFAULT = "0";

    public static final String LOGIN_CODE_TTL_SECONDS = "SNIPPETS_LOGIN_CODE_TTL_SECONDS";
    public static final String LOGIN_CODE_TTL_SECONDS_DEFAULT = "120";
    /** How long a device login waits for the user's decision (docs/API.md, "Device login"). */
    public static final String DEVICE_CODE_TTL_SECONDS = "SNIPPETS_DEVICE_CODE_TTL_SECONDS";

    public static final String DEVICE_CODE_TTL_SECONDS_DEFAULT = "600";

    public static final String LOGIN_MAX_FAILURES = "SNIPPETS_LOGIN_MAX_FAILURES";
    public static final String LOGIN_MAX_FAILURES_DEFAULT = "10";

    public static final String LOGIN_BACKOFF_SECONDS = "SNIPPETS_LOGIN_BACKOFF_SECONDS";
    public static final String LOGIN_BACKOFF_SECONDS_DEFAULT = "300";

    /** Password checks (a full PBKDF2 each) running at once, in all; more are answered 429 at once. */
    public static final String LOGIN_CONCURRENT_CHECKS = "SNIPPETS_LOGIN_CONCURRENT_CHECKS";

    public static final String LOGIN_CONCURRENT_CHECKS_DEFAULT = "2";

    /** Password checks running at once for one client address. */
    public static final String LOGIN_CONCURRENT_CHECKS_PER_ADDRESS = "SNIPPETS_LOGIN_CONCURRENT_CHECKS_PER_ADDRESS";

    public static final String LOGIN_CONCURRENT_CHECKS_PER_ADDRESS_DEFAULT = "1";

    /**
     * No default: the addresses of reverse proxies (comma-separated) whose X-Forwarded-For is
     * believed. Without it the client address is the connection's, and the header is ignored.
     */
    public static final String TRUSTED_PROXIES = "SNIPPETS_TRUSTED_PROXIES";

    public static final String PASSWORD_HASH_ITERATIONS = "SNIPPETS_PASSWORD_HASH_ITERATIONS";
    public static final String PASSWORD_HASH_ITERATIONS_DEFAULT = "210000";

    public static final String SQLITE_SYNCHRONOUS = "SNIPPETS_SQLITE_SYNCHRONOUS";
    public static final String SQLITE_SYNCHRONOUS_DEFAULT = "FULL";

    public static final String SQLITE_BUSY_TIMEOUT_MS = "SNIPPETS_SQLITE_BUSY_TIMEOUT_MS";
    public static final String SQLITE_BUSY_TIMEOUT_MS_DEFAULT = "10000";

    public static final String WRITE_WAIT_SECONDS = "SNIPPETS_WRITE_WAIT_SECONDS";
    public static final String WRITE_WAIT_SECONDS_DEFAULT = "30";

    public static final String MIN_FREE_BYTES = "SNIPPETS_MIN_FREE_BYTES";
    public static final String MIN_FREE_BYTES_DEFAULT = "16777216";

    /** The largest archive an import takes (each attachment in it stays within SNIPPETS_MAX_UPLOAD_BYTES). */
    public static final String MAX_IMPORT_BYTES = "SNIPPETS_MAX_IMPORT_BYTES";

    public static final String MAX_IMPORT_BYTES_DEFAULT = "1073741824";

    /**
     * The server's listening address: the servers' setting (see above), read here too for the
     * default of {@link #ALLOWED_HOSTS}. No default here: unset, the allowed hosts are the loopback names.
     */
    public static final String HTTP_ADDRESS = "SNIPPETS_HTTP_ADDRESS";

    /**
     * No default: the host names (comma-separated, {@code *} for any) requests may name in
     * {@code Host}. Unset: the loopback names and {@code SNIPPETS_HTTP_ADDRESS}, or any host when
     * that address is a wildcard (an instance on every interface is not a loopback-only one).
     */
    public static final String ALLOWED_HOSTS = "SNIPPETS_ALLOWED_HOSTS";

    /** The most snippets one import archive may hold. */
    public static final String IMPORT_MAX_SNIPPETS = "SNIPPETS_IMPORT_MAX_SNIPPETS";

    public static final String IMPORT_MAX_SNIPPETS_DEFAULT = "10000";

    /** The most attachments one import archive may hold. */
    public static final String IMPORT_MAX_ATTACHMENTS = "SNIPPETS_IMPORT_MAX_ATTACHMENTS";

    public static final String IMPORT_MAX_ATTACHMENTS_DEFAULT = "10000";

    /** The most bytes the snippets' documents of one archive hold together (they are in memory until written). */
    public static final String IMPORT_MAX_TEXT_BYTES = "SNIPPETS_IMPORT_MAX_TEXT_BYTES";

    public static final String IMPORT_MAX_TEXT_BYTES_DEFAULT = "67108864";

    /** The most bytes one archive may expand to: its documents and its attachments. */
    public static final String IMPORT_MAX_EXPANDED_BYTES = "SNIPPETS_IMPORT_MAX_EXPANDED_BYTES";

    public static final String IMPORT_MAX_EXPANDED_BYTES_DEFAULT = "4294967296";

    /**
     * The bytes one user may store: their snippets' texts (UTF-8) and their attachments' bytes.
     * 0, the default, sets no limit (the disk's floor, SNIPPETS_MIN_FREE_BYTES, still applies).
     */
    public static final String USER_QUOTA_BYTES = "SNIPPETS_USER_QUOTA_BYTES";

    public static final String USER_QUOTA_BYTES_DEFAULT = "0";

    /** How long the audit trail keeps a record. */
    public static final String AUDIT_RETENTION_DAYS = "SNIPPETS_AUDIT_RETENTION_DAYS";

    public static final String AUDIT_RETENTION_DAYS_DEFAULT = "90";

    /**
     * Which revisions of a snippet are kept besides its current version: {@code all}, the newest
     * {@code N} versions (the current one among them), or those of the last {@code Nd} days. The
     * default bounds what history can hold, which no quota counts: a hundred versions a snippet.
     */
    public static final String REVISIONS_KEEP = "SNIPPETS_REVISIONS_KEEP";

    public static final String REVISIONS_KEEP_DEFAULT = "100";

    /** How many days a deleted snippet stays in the trash, restorable, before it is purged for good. */
    public static final String TRASH_DAYS = "SNIPPETS_TRASH_DAYS";

    public static final String TRASH_DAYS_DEFAULT = "30";

    /** Password sign-in; {@code false} leaves it to the administrator named by {@link #ADMIN_USER} (the break-glass account). */
    public static final String LOCAL_LOGIN = "SNIPPETS_LOCAL_LOGIN";

    public static final String LOCAL_LOGIN_DEFAULT = "true";

    /**
     * Search by meaning ({@code match=meaning|hybrid}): {@code true} embeds every snippet in the
     * background with the in-process model; {@code false} leaves the model unloaded.
     */
    public static final String SEARCH_MEANING = "SNIPPETS_SEARCH_MEANING";

    public static final String SEARCH_MEANING_DEFAULT = "true";

    /** OpenID Connect sign-in: the provider's issuer URL; without it there is none. */
    public static final String OIDC_ISSUER = "SNIPPETS_OIDC_ISSUER";

    public static final String OIDC_CLIENT_ID = "SNIPPETS_OIDC_CLIENT_ID";
    /** The client's secret, or a file holding it ({@link #OIDC_CLIENT_SECRET_FILE}): one of the two. */
    public static final String OIDC_CLIENT_SECRET = "SNIPPETS_OIDC_CLIENT_SECRET";

    public static final String OIDC_CLIENT_SECRET_FILE = "SNIPPETS_OIDC_CLIENT_SECRET_FILE";
    public static final String OIDC_SCOPES = "SNIPPETS_OIDC_SCOPES";
    public static final String OIDC_SCOPES_DEFAULT = "openid profile email";
    public static final String OIDC_USERNAME_CLAIM = "SNIPPETS_OIDC_USERNAME_CLAIM";
    public static final String OIDC_USERNAME_CLAIM_DEFAULT = "preferred_username";
    public static final String OIDC_NAME_CLAIM = "SNIPPETS_OIDC_NAME_CLAIM";
    public static final String OIDC_NAME_CLAIM_DEFAULT = "name";
    public static final String OIDC_EMAIL_CLAIM = "SNIPPETS_OIDC_EMAIL_CLAIM";
    public static final String OIDC_EMAIL_CLAIM_DEFAULT = "email";
    public static final String OIDC_GROUPS_CLAIM = "SNIPPETS_OIDC_GROUPS_CLAIM";
    public static final String OIDC_GROUPS_CLAIM_DEFAULT = "groups";
    /** Members of this provider group are administrators; without it the provider leaves roles alone. */
    public static final String OIDC_ADMIN_GROUP = "SNIPPETS_OIDC_ADMIN_GROUP";
    /** The provider's name on the sign-in button ("Sign in with …"). */
    public static final String OIDC_DISPLAY_NAME = "SNIPPETS_OIDC_DISPLAY_NAME";

    public static final String OIDC_DISPLAY_NAME_DEFAULT = "single sign-on";

    private Settings() {}
}
