package io.snippetstore.auth.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.AuditEvent.Outcome;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

/**
 * Signs in whom an identity provider vouched for: the first sign-in makes the account (its
 * username from the claim; a username a local account or another subject has is refused, never
 * merged), every sign-in brings display name, e-mail, groups and, with an administrators' group
 * set, the role up to date. A disabled account stays out. Not an enterprise bean, like
 * {@link Logins}: a refusal is a normal outcome, recorded in the audit trail, and nothing is
 * written before every check passed.
 */
@ApplicationScoped
public class ProviderLogins {

    private static final Pattern USERNAME = Pattern.compile(User.USERNAME_PATTERN);

    @Inject
    OidcSettings settings;

    @Inject
    Accounts accounts;

    @Inject
    Event<AuditEvent> audit;

    /** The identity the checked ID token's claims name, as the settings map them. */
    public ProviderIdentity identityOf(IDTokenClaimsSet claims) throws OidcProvider.Refused {
        String username = Optional.ofNullable(claims.getStringClaim(settings.usernameClaim()))
                .map(String::strip)
                .orElseThrow(() -> refused(claims, "the ID token has no '" + settings.usernameClaim() + "' claim"));
        if (username.length() < User.USERNAME_MIN
                || username.length() > User.USERNAME_MAX
                || !USERNAME.matcher(username).matches()) {
            throw refused(
                    claims,
                    "the username '" + username + "' is not one this service takes (" + User.USERNAME_MIN + " to "
                            + User.USERNAME_MAX + " letters, digits, '.', '_' or '-')");
        }
        List<String> groups = groups(claims);
        Boolean administrator = settings.adminGroup()
                .map(admins -> groups.stream().anyMatch(admins::equalsIgnoreCase))
                .orElse(null);
        return new ProviderIdentity(
                claims.getIssuer().getValue(),
                claims.getSubject().getValue(),
                username,
                limited(claims.getStringClaim(settings.nameClaim()), User.DISPLAY_NAME_MAX),
                limited(claims.getStringClaim(settings.emailClaim()), User.EMAIL_MAX),
                groups,
                administrator);
    }

    /** The account of the identity, made or brought up to date; refused for a taken username or a disabled account. */
    public UserData signIn(ProviderIdentity identity) throws OidcProvider.Refused {
        Optional<UserData> known = accounts.findByProviderSubject(identity.issuer(), identity.subject());
        if (known.isEmpty()) {
            Optional<User> namesake = accounts.findByUsername(identity.username());
            if (namesake.isPresent()) {
                throw refused(
                        identity,
                        namesake.get().isFromProvider()
                                ? "the username '" + identity.username()
                                        + "' belongs to another account of the identity provider"
                                : "a local account named '" + identity.username()
                                        + "' exists; an administrator must rename or remove it first");
            }
        } else if (known.get().disabled()) {
            throw refused(identity, "the account is disabled; an administrator can enable it again");
        }
        UserData user = accounts.signInFromProvider(identity);
        audit.fire(AuditEvent.success(
                user.id(), user.username(), AuditEvent.LOGIN, null, "browser session, identity provider"));
        return user;
    }

    /** Records a refusal of the provider's sign-in that happened before any account was known. */
    public OidcProvider.Refused refused(String reason) {
        audit.fire(AuditEvent.refused(AuditEvent.LOGIN_PROVIDER, Outcome.FAILURE, null, null, reason));
        return new OidcProvider.Refused(reason);
    }

    private OidcProvider.Refused refused(IDTokenClaimsSet claims, String reason) {
        return refused(reason + " (subject " + claims.getSubject().getValue() + ")");
    }

    private OidcProvider.Refused refused(ProviderIdentity identity, String reason) {
        audit.fire(AuditEvent.refused(AuditEvent.LOGIN_PROVIDER, Outcome.FAILURE, null, identity.username(), reason));
        return new OidcProvider.Refused(reason);
    }

    /** The groups claim: an array of names (a single string counts as one), Keycloak's full paths without their leading '/'. */
    private List<String> groups(IDTokenClaimsSet claims) {
        List<String> names = new ArrayList<>();
        Object claimed = claims.getClaim(settings.groupsClaim());
        if (claimed instanceof List<?> listed) {
            listed.stream()
                    .filter(String.class::isInstance)
                    .map(String.class::cast)
                    .forEach(names::add);
        } else if (claimed instanceof String single) {
            names.add(single);
        }
        return names.stream()
                .filter(name -> name != null)
                .map(name -> name.startsWith("/") ? name.substring(1) : name)
                .map(String::strip)
                .filter(name -> !name.isEmpty())
                .distinct()
                .toList();
    }

    private static String limited(String value, int max) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String stripped = value.strip();
        return stripped.length() <= max ? stripped : stripped.substring(0, max);
    }
}
