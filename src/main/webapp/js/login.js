// Sign-in page: posts the credentials to the API, then continues to `next` if it is a path on
// this service (never an open redirect), else to the start page.

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
    const button = document.getElementById("sign-in");
    button.disabled = true;
    try {
        const response = await fetch("/api/v1/auth/login", {
            method: "POST",
            headers: {"Content-Type": "application/json", "Accept": "application/json"},
            body: JSON.stringify({
                username: document.getElementById("username").value,
                password: document.getElementById("password").value,
            }),
        });
        if (response.ok) {
            window.location.assign(safeNext(new URLSearchParams(window.location.search).get("next")));
            return;
        }
        const body = await response.json().catch(() => null);
        error.textContent = body?.error?.message ?? `Sign-in failed (HTTP ${response.status}).`;
    } catch (failure) {
        error.textContent = "The service cannot be reached. Check your connection and try again.";
    } finally {
        button.disabled = false;
    }
    error.hidden = false;
});
