// The JSON API as the pages use it: the session cookie authenticates, every failure becomes an
// ApiError carrying the API's own message and field details, and a lost session goes to sign-in.

class ApiError extends Error {
    constructor(status, code, message, details = []) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = details;
    }
}

const UNREACHABLE = "The service cannot be reached. Check your connection and try again.";

/** Whether this page has been signed in: a 401 then means the session ended (signed out elsewhere, expired, the account disabled). */
let signedIn = false;

export function markSignedIn() {
    signedIn = true;
}

/**
 * To the sign-in page, which comes back here afterwards and says why when a session ended. Views
 * that ask before the page unloads hear "snippets:sign-in" first: this leaving is the
 * application's, and their drafts are kept.
 */
function signIn() {
    window.dispatchEvent(new Event("snippets:sign-in"));
    window.location.assign(`/login?${signedIn ? "ended=1&" : ""}next=`
        + encodeURIComponent(window.location.pathname + window.location.search + window.location.hash));
}

/** To the sign-in page's form for a new password: the password an administrator set is temporary. */
function changeTemporaryPassword() {
    window.dispatchEvent(new Event("snippets:sign-in"));
    window.location.assign("/login?change=1&next=" + encodeURIComponent(window.location.pathname + window.location.search + window.location.hash));
}

function failure(status, payload, signInWhenUnauthenticated = true) {
    if (status === 401 && signInWhenUnauthenticated) {
        signIn();
    }
    if (status === 403 && payload?.error?.code === "password_change_required" && signInWhenUnauthenticated) {
        changeTemporaryPassword();
    }
    return new ApiError(status, payload?.error?.code ?? `http_${status}`,
        payload?.error?.message ?? `The request failed (HTTP ${status}).`, payload?.error?.details ?? []);
}

/**
 * Calls the API; resolves to {data, meta, etag} of a success envelope. A 401 goes to the sign-in
 * page unless `signInWhenUnauthenticated` is false (the sign-in page itself).
 */
export async function api(method, path, {body, headers = {}, signInWhenUnauthenticated = true} = {}) {
    const init = {method, credentials: "same-origin", headers: {"Accept": "application/json", ...headers}};
    if (body !== undefined) {
        init.headers["Content-Type"] = "application/json";
        init.body = JSON.stringify(body);
    }
    return send(path, init, signInWhenUnauthenticated);
}

/** Sends a file as the whole request body (an import's archive); resolves as `api` does. */
export function sendFile(method, path, file, contentType) {
    return send(path, {method, credentials: "same-origin", body: file, headers: {"Accept": "application/json", "Content-Type": contentType}}, true);
}

async function send(path, init, signInWhenUnauthenticated) {
    let response;
    try {
        response = await fetch(path, init);
    } catch {
        throw new ApiError(0, "unreachable", UNREACHABLE);
    }
    const payload = await response.json().catch(() => null);
    if (!response.ok) {
        throw failure(response.status, payload, signInWhenUnauthenticated);
    }
    return {data: payload?.data, meta: payload?.meta, etag: response.headers.get("ETag")};
}

/** Uploads a file as multipart/form-data, reporting progress as a fraction from 0 to 1. */
export function upload(path, file, onProgress) {
    return new Promise((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open("POST", path);
        request.setRequestHeader("Accept", "application/json");
        request.responseType = "json";
        request.upload.addEventListener("progress", (event) => {
            if (event.lengthComputable) {
                onProgress(event.loaded / event.total);
            }
        });
        request.addEventListener("load", () => {
            if (request.status >= 200 && request.status < 300) {
                resolve(request.response?.data);
            } else {
                reject(failure(request.status, request.response));
            }
        });
        request.addEventListener("error", () => reject(new ApiError(0, "unreachable", UNREACHABLE)));
        const form = new FormData();
        form.append("file", file, file.name);
        request.send(form);
    });
}

/** A failure as one sentence for a form: the API's message, then each field's problem. */
export function failureText(error) {
    return [error.message, ...(error.details ?? []).map((detail) => `${detail.field} ${detail.message}.`)].join(" ");
}
