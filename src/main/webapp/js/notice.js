// The one place where failures reach the user: a readable sentence in the alert area at the top.

const notice = () => document.getElementById("notice");

export function report(error) {
    notice().textContent = error?.message ?? String(error);
    notice().hidden = false;
}

export function clearNotice() {
    notice().hidden = true;
    notice().textContent = "";
}
