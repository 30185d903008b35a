// Sign-in page: posts the credentials to the API, then continues to `next` if it is a path on
// this service (never an open redirect), else to the start page.
import {api} from "./api.js";
import {apiPaths} from "./paths.js";

/** `next` when it is a same-origin path ("/..." but not "//..." or "/\..."), otherwise "/". */
export function safeNext(next) {
    if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) {
        return "/";
    }
    const resolved = new URL(next, window.location.origin);
    return resolved.origin === window.location.origin ? resolved.pathname + resolved.search + resolved.hash : "/";
}

const form = document.getElementById("login-form");
const error = document.getElementById("login-error");

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
        await api("POST", apiPaths.login, {
            body: {username, password},
            signInWhenUnauthenticated: false,
        });
        window.location.assign(safeNext(new URLSearchParams(window.location.search).get("next")));
        return;
    } catch (failure) {
        error.textContent = failure.message;
        error.hidden = false;
    } finally {
        button.disabled = false;
    }
});
