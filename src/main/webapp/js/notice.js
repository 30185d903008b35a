// The one place where failures reach the user: a readable sentence in the alert area at the top;
// the same area, styled as news rather than an error, says what just happened (a deletion).

const notice = () => document.getElementById("notice");

export function report(error) {
    notice().classList.remove("news");
    notice().setAttribute("role", "alert");
    notice().textContent = error?.message ?? String(error);
    notice().hidden = false;
}

/** Tells what just happened, e.g. after a deletion has taken the user to another page. */
export function inform(message) {
    notice().classList.add("news");
    notice().setAttribute("role", "status");
    notice().textContent = message;
    notice().hidden = false;
}

export function clearNotice() {
    notice().hidden = true;
    notice().textContent = "";
}

let announced = null;

/** A sentence for the next view to show, when this one leaves for it (after a deletion, say). */
export function announce(message) {
    announced = message;
}

export function showAnnounced() {
    if (announced) {
        inform(announced);
        announced = null;
    }
}
