package io.snippetstore.auth.boundary;

/** The consent page's approval of a browser login: the parameters of the {@code GET} it was shown for. */
public record ApprovalRequest(
        String callback, String name, String state, String codeChallenge, String codeChallengeMethod, String scope) {}
