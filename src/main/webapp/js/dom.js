// Building the page from data without ever parsing data as HTML: every text goes in as a text node.

/**
 * An element: h("a", {href: "#/", class: "brand"}, "text", child, ...). Attributes starting with
 * "on" become event listeners; false, null and undefined attributes are left out.
 */
export function h(tag, attributes = {}, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
        if (value === false || value === null || value === undefined) {
            continue;
        }
        if (name.startsWith("on") && typeof value === "function") {
            element.addEventListener(name.slice(2), value);
        } else if (value === true) {
            element.setAttribute(name, "");
        } else {
            element.setAttribute(name, String(value));
        }
    }
    append(element, children);
    return element;
}

function append(element, children) {
    for (const child of children.flat()) {
        if (child === null || child === undefined || child === false) {
            continue;
        }
        element.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
}

/** Replaces everything inside `element` with `children`. */
export function replace(element, ...children) {
    element.replaceChildren();
    append(element, children);
}

export function formatDate(timestamp) {
    return timestamp ? new Date(timestamp).toLocaleString(undefined, {dateStyle: "medium", timeStyle: "short"}) : "never";
}

const RELATIVE = new Intl.RelativeTimeFormat(undefined, {numeric: "auto"});
const RELATIVE_UNITS = [["year", 365 * 24 * 3600], ["month", 30 * 24 * 3600], ["week", 7 * 24 * 3600], ["day", 24 * 3600],
    ["hour", 3600], ["minute", 60]];

/** A moment as "3 hours ago", the exact time on hover and for machines (datetime). */
export function relativeTime(timestamp) {
    const seconds = (new Date(timestamp).getTime() - Date.now()) / 1000;
    const [unit, size] = RELATIVE_UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? ["second", 1];
    const text = unit === "second" ? "just now" : RELATIVE.format(Math.round(seconds / size), unit);
    return h("time", {datetime: new Date(timestamp).toISOString(), title: formatDate(timestamp)}, text);
}

export function formatBytes(bytes) {
    const units = ["bytes", "KB", "MB", "GB"];
    let value = bytes;
    let unit = 0;
    while (value >= 1000 && unit < units.length - 1) {
        value /= 1000;
        unit++;
    }
    return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Wraps the stretches [start, end) of `root`'s text in marks, across the spans a highlighter made. */
export function markRanges(root, ranges) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes = [];
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        nodes.push({node, start: offset});
        offset += node.data.length;
    }
    // from the end backwards: wrapping splits a node after the offsets still to come
    for (const range of [...ranges].reverse()) {
        for (const {node, start} of [...nodes].reverse()) {
            const from = Math.max(range.start, start) - start;
            const to = Math.min(range.end, start + node.data.length) - start;
            if (from >= to || from >= node.data.length) {
                continue;
            }
            const stretch = document.createRange();
            stretch.setStart(node, from);
            stretch.setEnd(node, to);
            stretch.surroundContents(h("mark", {class: range.className, title: range.title}));
        }
    }
}
