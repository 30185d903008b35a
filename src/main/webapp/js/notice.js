// The one place where failures reach the user: a readable sentence in the alert area at the top;
// the same area, styled as news rather than an error, says what just happened (a deletion).

const notice = () => document.getElementById("notice");

export function report(error) {
    notice().classList.remove("news");
    notice().setAttribute("role", "alert");
    notice().textContent = error?.message ?? String(error);
    notice().hidden = false;
}

/**
 * Tells what just happened, e.g. after a deletion has taken the user to another page; with an
 * `action` ({id, label, run, seconds}), a button that undoes it for that many seconds.
 */
export function inform(message, action = null) {
    notice().classList.add("news");
    notice().setAttribute("role", "status");
    notice().textContent = message;
    if (action) {
        const button = document.createElement("button");
        button.type = "button";
        button.id = action.id;
        button.className = "secondary";
        button.textContent = action.label;
        button.addEventListener("click", async () => {
            button.disabled = true;
            try {
                await action.run();
            } catch (error) {
                report(error);
            }
        });
        notice().append(" ", button);
        setTimeout(() => button.remove(), action.seconds * 1000);
    }
    notice().hidden = false;
}

export function clearNotice() {
    notice().hidden = true;
    notice().textContent = "";
}

let announced = null;

/** A sentence for the next view to show, when this one leaves for it (after a deletion, say), with an action as `inform` takes. */
export function announce(message, action = null) {
    announced = {message, action};
}

export function showAnnounced() {
    if (announced) {
        inform(announced.message, announced.action);
        announced = null;
    }
}
