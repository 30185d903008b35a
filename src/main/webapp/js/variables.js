// Placeholders in a snippet's code, read exactly as the server reads them (CodeTemplate.java,
// docs/API.md "Variables"): {{name}}, {{name:default}}, {{name|a|b}}, each optionally ending in
// !sh, !ps or !url; {{{{ is a literal {{. The page renders locally what /render would answer, so
// that values show while they are typed; and it tells the editor what looks meant as a placeholder
// but is not one.

const NAME_MAX = 64;
const CONTENT_MAX = 1024;
const NAME_START = /[A-Za-z_]/;
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*/;

/** The value quoted for a language, as the server quotes it. */
const QUOTING = {
    "": (value) => value,
    sh: (value) => `'${value.replaceAll("'", "'\\''")}'`,
    ps: (value) => `'${value.replace(/['\u2018-\u201B]/g, (quote) => quote + quote)}'`,
    url: (value) => Array.from(new TextEncoder().encode(value), (byte) => {
        const c = String.fromCharCode(byte);
        return /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    }).join(""),
};

/** The placeholder `content` (between the braces) is, or the reason it is none. */
function placeholder(content) {
    const name = NAME.exec(content)?.[0] ?? "";
    if (name === "") {
        return {problem: "a name starts with a letter or _"};
    }
    if (name.length > NAME_MAX) {
        return {problem: `a name has at most ${NAME_MAX} characters`};
    }
    let rest = content.slice(name.length);
    let quoting = "";
    const bang = rest.lastIndexOf("!");
    if (bang >= 0 && ["sh", "ps", "url"].includes(rest.slice(bang + 1))) {
        quoting = rest.slice(bang + 1);
        rest = rest.slice(0, bang);
    }
    if (rest === "") {
        return {name, defaultValue: null, choices: [], quoting};
    }
    if (rest[0] === ":") {
        return {name, defaultValue: rest.slice(1), choices: [], quoting};
    }
    if (rest[0] === "|") {
        return {name, defaultValue: null, choices: rest.slice(1).split("|"), quoting};
    }
    return {problem: bang >= 0 ? "the quoting after ! is sh, ps or url" : "after the name comes :default, |choices, !quoting or }}"};
}

/**
 * The code's stretches in order: {text} literal, {placeholder, start, end} and, for the editor,
 * {problem, start, end} where a {{name… is not a placeholder.
 */
export function parseCode(code) {
    const pieces = [];
    let literalFrom = 0;
    const literalUpTo = (end) => {
        if (end > literalFrom) {
            pieces.push({text: code.slice(literalFrom, end)});
        }
    };
    // the next }}, line feed and carriage return are searched again only once passed (-1: none
    // left): linear, as on the server
    let close = -2;
    let lineFeed = -2;
    let carriageReturn = -2;
    const next = (found, text, from) => found !== -1 && found < from ? code.indexOf(text, from) : found;
    let at = code.indexOf("{{");
    while (at >= 0) {
        if (code.startsWith("{{{{", at)) {
            literalUpTo(at);
            pieces.push({text: "{{"});
            literalFrom = at + 4;
            at = code.indexOf("{{", literalFrom);
            continue;
        }
        const contentStart = at + 2;
        close = next(close, "}}", contentStart);
        lineFeed = next(lineFeed, "\n", contentStart);
        carriageReturn = next(carriageReturn, "\r", contentStart);
        const lineEnd = Math.min(lineFeed < 0 ? code.length : lineFeed, carriageReturn < 0 ? code.length : carriageReturn);
        const onLine = close >= 0 && close < lineEnd;
        const found = onLine && close - contentStart <= CONTENT_MAX ? placeholder(code.slice(contentStart, close)) : null;
        if (found && !found.problem) {
            literalUpTo(at);
            pieces.push({placeholder: found, start: at, end: close + 2});
            literalFrom = close + 2;
            at = code.indexOf("{{", literalFrom);
            continue;
        }
        if (NAME_START.test(code[contentStart] ?? "")) {
            const problem = found?.problem
                ?? (onLine ? `a placeholder has at most ${CONTENT_MAX} characters` : "it is not closed by }} on its line");
            pieces.push({problem, start: at, end: onLine ? close + 2 : contentStart});
        }
        at = code.indexOf("{{", at + 1);
    }
    literalUpTo(code.length);
    return pieces;
}

/** The variables, as the API lists them: first placeholder first, a declared default or pick list from the first that declares one. */
export function variablesOf(code) {
    const variables = new Map();
    for (const {placeholder: found} of parseCode(code).filter((piece) => piece.placeholder)) {
        const known = variables.get(found.name);
        const declares = found.defaultValue !== null || found.choices.length > 0;
        if (!known) {
            variables.set(found.name, {...found, occurrences: 1, declares});
        } else {
            known.occurrences++;
            if (!known.declares && declares) {
                Object.assign(known, {defaultValue: found.defaultValue, choices: found.choices, declares});
            }
        }
    }
    return [...variables.values()].map(({name, defaultValue, choices, occurrences}) =>
        ({name, default: defaultValue ?? choices[0] ?? null, choices, occurrences}));
}

/**
 * The code with the values in: a list of {text} and {value, name} pieces (a value with no value
 * yet keeps its placeholder's text, as {missing, name}). `values` maps names to strings; a
 * placeholder of a name it lacks takes its own default (notes' code blocks), else stays missing.
 */
function renderPieces(code, values) {
    return parseCode(code).filter((piece) => !piece.problem).map((piece) => {
        if (!piece.placeholder) {
            return piece;
        }
        const {name, quoting, defaultValue, choices} = piece.placeholder;
        const value = values.get(name) ?? defaultValue ?? choices[0] ?? null;
        return value === null ? {missing: code.slice(piece.start, piece.end), name} : {value: QUOTING[quoting](value), name};
    });
}

/** The rendered text, where its values (and missing ones) stand in it, and the names still without a value. */
export function renderedText(code, values) {
    let text = "";
    const ranges = [];
    const missing = [];
    for (const piece of renderPieces(code, values)) {
        const start = text.length;
        text += piece.text ?? piece.value ?? piece.missing;
        if (piece.name) {
            ranges.push({start, end: text.length, className: piece.missing ? "variable-missing" : "variable-value", title: piece.name});
            if (piece.missing && !missing.includes(piece.name)) {
                missing.push(piece.name);
            }
        }
    }
    return {text, ranges, missing};
}
