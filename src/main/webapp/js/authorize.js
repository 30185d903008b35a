// Consent page for a browser login that another web page started: nothing is given to the
// program until the user approves here, with a same-origin POST under the session.
import {api} from "./api.js";
import {apiPaths} from "./paths.js";
import {scopeList} from "./scopes.js";

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

// what the token may do: the scopes asked for (the service drops administration for a user who is no administrator)
const asked = parameters.get("scope");
document.getElementById("consent-question").after(
    scopeList("consent-scopes", asked === null ? null : asked.trim().split(/\s+/).filter((name) => name !== "")));

document.getElementById("deny").addEventListener("click", () => window.location.assign("/"));

document.getElementById("approve").addEventListener("click", async (event) => {
    const button = event.currentTarget;
    button.disabled = true;
    error.hidden = true;
    try {
        const {data} = await api("POST", apiPaths.browserLogin, {
            body: {
                callback: parameters.get("callback"),
                name: parameters.get("name"),
                state: parameters.get("state"),
                codeChallenge: parameters.get("code_challenge"),
                codeChallengeMethod: parameters.get("code_challenge_method"),
                scope: parameters.get("scope"),
            },
        });
        window.location.assign(data.redirectTo);
    } catch (failure) {
        // a lost session has already gone to the sign-in page, which comes back here
        error.textContent = failure.message;
        error.hidden = false;
        button.disabled = false;
    }
});
