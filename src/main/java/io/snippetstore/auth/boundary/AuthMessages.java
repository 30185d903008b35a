package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.Caller;
import io.snippetstore.auth.control.IssuedToken;
import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.CodePoints;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.Trim;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** The request and response bodies of the auth and users endpoints. */
public final class AuthMessages {

    private AuthMessages() {
    }

    /** Limits as for creating a user: longer values cannot be anyone's, and are refused before any work. */
    public record LoginRequest(@NotNull @CodePoints(max = User.USERNAME_MAX) String username,
                               @NotNull @CodePoints(max = User.PASSWORD_MAX) String password) {
        public LoginRequest {
            username = Trim.strip(username);
        }
    }

    @JsonbPropertyOrder({"userId", "username", "role"})
    public record SignedIn(String userId, String username, String role) {
        static SignedIn of(User user) {
            return new SignedIn(user.id(), user.username(), user.role().apiName());
        }
    }

    @JsonbPropertyOrder({"userId", "username", "role", "authMethod"})
    public record WhoAmI(String userId, String username, String role, String authMethod) {
        static WhoAmI of(Caller caller) {
            return new WhoAmI(caller.userId(), caller.username(), caller.role().apiName(),
                    caller.authMethod().name().toLowerCase(java.util.Locale.ROOT));
        }
    }

    public record CreateTokenRequest(
            @NotBlank @CodePoints(min = 1, max = ApiToken.NAME_MAX) String name,
            @Min(1) @Max(ApiToken.EXPIRES_IN_DAYS_MAX) Integer expiresInDays) {
    }

    @JsonbNillable
    @JsonbPropertyOrder({"id", "name", "token", "createdAt", "expiresAt"})
    public record NewToken(String id, String name, String token, String createdAt, String expiresAt) {
        static NewToken of(IssuedToken issued) {
            ApiToken token = issued.token();
            return new NewToken(token.id(), token.name(), issued.value(),
                    Timestamps.format(token.createdAt()), Timestamps.format(token.expiresAt()));
        }
    }

    @JsonbNillable
    @JsonbPropertyOrder({"id", "name", "createdAt", "expiresAt", "lastUsedAt"})
    public record TokenView(String id, String name, String createdAt, String expiresAt, String lastUsedAt) {
        static TokenView of(ApiToken token) {
            return new TokenView(token.id(), token.name(), Timestamps.format(token.createdAt()),
                    Timestamps.format(token.expiresAt()), Timestamps.format(token.lastUsedAt()));
        }
    }

    /** The consent page's approval of a browser login: the parameters of the {@code GET} it was shown for. */
    public record Approval(String callback, String name, String state, String codeChallenge, String codeChallengeMethod) {
    }

    /** Where the consent page sends the browser: the callback with the new code. */
    public record Approved(String redirectTo) {
    }

    public record ExchangeRequest(@NotNull String code, String codeVerifier) {
    }

    @JsonbNillable
    @JsonbPropertyOrder({"token", "id", "name", "userId", "createdAt", "expiresAt"})
    public record ExchangedToken(String token, String id, String name, String userId, String createdAt, String expiresAt) {
        static ExchangedToken of(IssuedToken issued) {
            ApiToken token = issued.token();
            return new ExchangedToken(issued.value(), token.id(), token.name(), token.userId(),
                    Timestamps.format(token.createdAt()), Timestamps.format(token.expiresAt()));
        }
    }

    public record CreateUserRequest(
            @NotNull @CodePoints(min = User.USERNAME_MIN, max = User.USERNAME_MAX)
            @Pattern(regexp = User.USERNAME_PATTERN, message = "may contain only letters, digits, '.', '_' and '-'")
            String username,
            @NotNull @CodePoints(min = User.PASSWORD_MIN, max = User.PASSWORD_MAX) String password,
            @Pattern(regexp = "admin|user", message = "must be 'admin' or 'user'") String role) {
        public CreateUserRequest {
            username = Trim.strip(username);
        }
    }

    @JsonbPropertyOrder({"id", "username", "role", "createdAt"})
    public record UserView(String id, String username, String role, String createdAt) {
        static UserView of(User user) {
            return new UserView(user.id(), user.username(), user.role().apiName(), Timestamps.format(user.createdAt()));
        }
    }
}
