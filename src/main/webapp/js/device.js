// The device login page, /device: the signed-in user types the code a command-line client shows
// (or arrives with it in ?code=), sees which token is asked for, from where, and approves or
// denies it. Without a session the first request goes to the sign-in page, which comes back here.
import {api} from "./api.js";
import {formatDate} from "./dom.js";
import {apiPaths} from "./paths.js";
import {scopeList} from "./scopes.js";

const code = new URLSearchParams(window.location.search).get("code")?.trim() ?? "";
const form = document.getElementById("code-form");
const decision = document.getElementById("decision");
const status = document.getElementById("device-status");
const error = document.getElementById("device-error");

function showError(failure) {
    error.textContent = failure.message;
    error.hidden = false;
}

async function decide(verdict) {
    decision.querySelectorAll("button").forEach((button) => button.disabled = true);
    error.hidden = true;
    try {
        await api("POST", verdict === "approve" ? apiPaths.deviceApprove(code) : apiPaths.deviceDeny(code));
        decision.hidden = true;
        status.textContent = verdict === "approve"
            ? "Approved: the command-line client is signed in in a moment. You can close this tab."
            : "Denied: the command-line client gets no token.";
    } catch (failure) {
        decision.querySelectorAll("button").forEach((button) => button.disabled = false);
        showError(failure);
    }
}

/** Where the token reaches and how long it lives, when the login asked: a paragraph, or nothing. */
function tokenLimits(data) {
    const limits = document.createElement("p");
    limits.id = "device-limits";
    const parts = [];
    if (data.collections !== null) {
        parts.push("Only the snippets of " + (data.collections.length === 0
            ? "collections you may not read (approving is refused)"
            : data.collections.map((collection) => `“${collection.name}”`).join(", ")) + ".");
    }
    if (data.expiresInDays !== null) {
        parts.push(`It expires in ${data.expiresInDays} days.`);
    }
    limits.textContent = parts.join(" ");
    limits.hidden = parts.length === 0;
    return limits;
}

if (code) {
    document.getElementById("code").value = code;
    try {
        const {data} = await api("GET", apiPaths.device(code));
        document.getElementById("device-question").textContent = `Give a token named “${data.name}” to the command-line client that `
            + `asked from ${data.clientAddress} at ${formatDate(data.createdAt)}?`;
        document.getElementById("device-question").after(scopeList("device-scopes", data.scopes), tokenLimits(data));
        form.hidden = true;
        decision.hidden = false;
        document.getElementById("approve").addEventListener("click", () => decide("approve"));
        document.getElementById("deny").addEventListener("click", () => decide("deny"));
        document.getElementById("approve").focus();
    } catch (failure) {
        showError(failure);
    }
} else {
    document.getElementById("code").focus();
}
