// Languages as highlight.js knows them, with HCL's grammar, every name of one language (from the
// table the command-line client reads too), a guess at pasted code's, the ones to suggest, and the
// file name code downloads as.
import {hcl} from "./hcl.js";
import LANGUAGE_NAMES from "./language-names.json" with {type: "json"};

let aliasesRegistered = false;

/** highlight.js with HCL and the table's names of each language it knows, or undefined when it did not load. */
export function highlighter() {
    const hljs = window.hljs;
    if (hljs && !aliasesRegistered) {
        hljs.registerLanguage("hcl", hcl);
        Object.entries(LANGUAGE_NAMES).forEach(([languageName, names]) => hljs.getLanguage(languageName)
            && hljs.registerAliases(names.filter((name) => !hljs.getLanguage(name)), {languageName}));
        aliasesRegistered = true;
    }
    return hljs;
}

/**
 * Every name the language `name` goes by (its key and its other names in language-names.json),
 * lower-cased, `name` first as typed: what a language filter matches, so that "js" finds
 * snippets whose language is "JavaScript" too. Just `name` for a language the table does not name.
 */
export function languageNames(name) {
    const wanted = name.trim();
    const typed = wanted.toLowerCase();
    const language = Object.entries(LANGUAGE_NAMES).find(([key, names]) => key === typed || names.includes(typed));
    if (!wanted) {
        return [];
    }
    return language ? [...new Set([wanted, language[0], ...language[1]])] : [wanted];
}

/** What pasted code is guessed to be among, when nothing names its language: the common ones, so that a guess is rarely exotic. */
const GUESSED = ["bash", "python", "javascript", "typescript", "java", "sql", "yaml", "json", "xml", "dockerfile", "go", "rust", "ruby",
    "php", "powershell", "css", "c", "cpp", "csharp", "kotlin", "ini", "nginx", "makefile", "markdown"];

/** The language highlight.js finds most likely for `code`, or "" when it cannot tell; the user may change it. */
export function guessLanguage(code) {
    const hljs = highlighter();
    if (!hljs) {
        return "";
    }
    // "#!/bin/sh", "#!/usr/bin/env python3": the interpreter names it
    const shebang = code.match(/^#!\S*\/(\w+)(?:[ \t]+(\w+))?/);
    const interpreter = (shebang && (shebang[1] === "env" ? shebang[2] ?? "" : shebang[1]))?.replace(/\d+$/, "");
    if (interpreter && hljs.getLanguage(interpreter)) {
        return hljs.getLanguage(interpreter).name === "Bash" ? "bash" : interpreter;
    }
    const guess = hljs.highlightAuto(code, GUESSED.filter((name) => hljs.getLanguage(name)));
    return guess.relevance >= 5 ? guess.language : "";
}

/** The languages the code view highlights and the table names, for a Language field to suggest. */
export function knownLanguages() {
    const hljs = highlighter();
    return hljs ? [...new Set([...hljs.listLanguages(), ...Object.keys(LANGUAGE_NAMES)])].sort() : [];
}

const EXTENSIONS = {
    bash: "sh", shell: "sh", sh: "sh", zsh: "sh", python: "py", javascript: "js", typescript: "ts", java: "java",
    kotlin: "kt", go: "go", rust: "rs", ruby: "rb", c: "c", "c++": "cpp", cpp: "cpp", "c#": "cs", csharp: "cs",
    sql: "sql", html: "html", css: "css", json: "json", yaml: "yml", xml: "xml", markdown: "md", php: "php",
    swift: "swift", scala: "scala", dockerfile: "Dockerfile", docker: "Dockerfile", containerfile: "Dockerfile", powershell: "ps1",
    pwsh: "ps1", ps1: "ps1", lua: "lua", r: "r", terraform: "tf", hcl: "tf", tf: "tf", nginx: "conf", protobuf: "proto",
    proto: "proto", vue: "vue", svelte: "svelte", groovy: "groovy", jenkinsfile: "Jenkinsfile", makefile: "Makefile",
    make: "Makefile", ini: "ini", toml: "toml", properties: "properties", dos: "bat", bat: "bat", cmd: "cmd", yml: "yml",
    perl: "pl", haskell: "hs", elixir: "ex", erlang: "erl", clojure: "clj", dart: "dart", nix: "nix", http: "http",
    pgsql: "sql", cmake: "cmake", awk: "awk", vim: "vim", puppet: "pp", apache: "conf",
};

/** Languages whose file has a fixed name rather than an extension. */
const FILE_NAMES = new Set(["Dockerfile", "Jenkinsfile", "Makefile"]);

/** The file name a snippet's code downloads as: its title, made safe, with its language's extension. */
export function codeFilename(title, language) {
    const base = title.normalize("NFKD").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "snippet";
    const extension = EXTENSIONS[language.trim().toLowerCase()] ?? "txt";
    return FILE_NAMES.has(extension) ? extension : `${base}.${extension}`;
}
