// Consent page for a browser login that another web page started: nothing is given to the
// program until the user approves here, with a same-origin POST under the session.

const parameters = new URLSearchParams(window.location.search);
const error = document.getElementById("authorize-error");

function callbackPort(callback) {
    try {
        const url = new URL(callback);
        return url.port || "80";
    } catch (invalid) {
        return "?";
    }
}

document.getElementById("consent-question").textContent =
    `Give a token named "${parameters.get("name") ?? "CLI"}" to the program listening on port ${callbackPort(parameters.get("callback"))}?`;

document.getElementById("deny").addEventListener("click", () => window.location.assign("/"));

document.getElementById("approve").addEventListener("click", async (event) => {
    const button = event.currentTarget;
    button.disabled = true;
    error.hidden = true;
    try {
        const response = await fetch("/api/v1/auth/browser-login", {
            method: "POST",
            headers: {"Content-Type": "application/json", "Accept": "application/json"},
            body: JSON.stringify({
                callback: parameters.get("callback"),
                name: parameters.get("name"),
                state: parameters.get("state"),
                codeChallenge: parameters.get("code_challenge"),
                codeChallengeMethod: parameters.get("code_challenge_method"),
            }),
        });
        const body = await response.json().catch(() => null);
        if (response.ok && body?.data?.redirectTo) {
            window.location.assign(body.data.redirectTo);
            return;
        }
        if (response.status === 401) {
            window.location.assign("/login?next=" + encodeURIComponent(window.location.pathname + window.location.search));
            return;
        }
        error.textContent = body?.error?.message ?? `The token could not be given (HTTP ${response.status}).`;
    } catch (failure) {
        error.textContent = "The service cannot be reached. Check your connection and try again.";
    }
    error.hidden = false;
    button.disabled = false;
});
