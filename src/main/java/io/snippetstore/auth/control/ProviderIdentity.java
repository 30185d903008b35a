package io.snippetstore.auth.control;

import java.util.List;

/**
 * Who the identity provider says signed in: its issuer and subject (what names the account), the
 * username the account starts with, display name and e-mail (null when not claimed), the names of
 * the user's groups, and whether they are in the administrators' group ({@code null}: the
 * provider does not decide roles).
 */
public record ProviderIdentity(
        String issuer,
        String subject,
        String username,
        String displayName,
        String email,
        List<String> groups,
        Boolean administrator) {}
