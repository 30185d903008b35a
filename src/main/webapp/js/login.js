// Sign-in page: posts the credentials to the API, then continues to `next` if it is a path on
// this service (never an open redirect), else to the start page.
import {api} from "./api.js";
import {apiPaths} from "./paths.js";

/** `next` when it is a same-origin path ("/..." but not "//..." or "/\..."), otherwise "/". */
function safeNext(next) {
    if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) {
        return "/";
    }
    const resolved = new URL(next, window.location.origin);
    return resolved.origin === window.location.origin ? resolved.pathname + resolved.search + resolved.hash : "/";
}

const form = document.getElementById("login-form");
const error = document.getElementById("login-error");
const changeForm = document.getElementById("change-form");
const parameters = new URLSearchParams(window.location.search);
const next = safeNext(parameters.get("next"));

/** The provider's button when single sign-on is configured; the form then stays for password sign-in, or the break-glass account. */
async function showIdentityProvider() {
    try {
        const {data} = await api("GET", apiPaths.identityProvider, {signInWhenUnauthenticated: false});
        if (data.enabled) {
            const button = document.getElementById("sso-sign-in");
            button.textContent = `Sign in with ${data.name}`;
            button.href = apiPaths.singleSignOn(next);
            document.getElementById("sso").hidden = false;
        }
        document.getElementById("local-off").hidden = data.localLogin;
    } catch {
        // without the answer, the password form is all there is
    }
}

/** The form for a new password, after signing in with a temporary one (which it already knows) or sent here by a 403. */
function askForNewPassword(currentPassword) {
    form.hidden = true;
    document.getElementById("sso").hidden = true;
    changeForm.hidden = false;
    const current = document.getElementById("change-current");
    document.getElementById("change-current-field").hidden = currentPassword !== undefined;
    if (currentPassword !== undefined) {
        current.value = currentPassword;
        document.getElementById("change-new").focus();
    } else {
        current.focus();
    }
}

changeForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const problem = document.getElementById("change-error");
    problem.hidden = true;
    const currentPassword = document.getElementById("change-current").value;
    const newPassword = document.getElementById("change-new").value;
    if (newPassword.length < 8) {
        problem.textContent = "The new password needs at least 8 characters.";
    } else if (newPassword !== document.getElementById("change-again").value) {
        problem.textContent = "The two new passwords differ.";
    } else if (newPassword === currentPassword) {
        problem.textContent = "Choose a password other than the temporary one.";
    } else {
        try {
            await api("POST", apiPaths.password, {body: {currentPassword, newPassword}, signInWhenUnauthenticated: false});
            window.location.assign(next);
            return;
        } catch (failure) {
            problem.textContent = failure.code === "validation_failed" && failure.details.some((detail) => detail.field === "currentPassword")
                ? "The current password is not right." : failure.message;
        }
    }
    problem.hidden = false;
});

/** Why a signed-in page came here: its session ended. An editor's unsaved changes are kept as a draft in this browser. */
function explainEndedSession() {
    const editing = /^#\/(new|s\/[^/]+\/edit)$/.test(new URL(next, window.location.origin).hash);
    const notice = document.getElementById("session-ended");
    notice.textContent = "Your session ended: you were signed out elsewhere, it expired, or an administrator changed or disabled "
        + "your account. Sign in again to continue."
        + (editing ? " Your unsaved changes are kept in this browser and come back in the editor." : "");
    notice.hidden = false;
}

if (parameters.get("ended") === "1") {
    explainEndedSession();
}
if (parameters.get("change") === "1") {
    askForNewPassword();
} else {
    showIdentityProvider();
}

form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    const username = document.getElementById("username").value;
    const password = document.getElementById("password").value;
    if (username.trim() === "" || password === "") {
        error.textContent = "Enter your username and password.";
        error.hidden = false;
        return;
    }
    const button = document.getElementById("sign-in");
    button.disabled = true;
    try {
        const {data} = await api("POST", apiPaths.login, {
            body: {username, password},
            signInWhenUnauthenticated: false,
        });
        if (data.passwordChangeRequired) {
            askForNewPassword(password);
            return;
        }
        window.location.assign(next);
        return;
    } catch (failure) {
        error.textContent = failure.message;
        error.hidden = false;
    } finally {
        button.disabled = false;
    }
});
