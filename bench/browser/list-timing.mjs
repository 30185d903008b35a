// The list as a person meets it, in a real headless Chromium (playwright-core): how long after a
// (warm) load of the list its first items are on screen, and how long after the last keystroke of
// a search typed at 10 keys a second its results have settled. Medians (and the spread) of ROUNDS
// each. Usage: node list-timing.mjs BASE_URL ADMIN_PASSWORD [ROUNDS] [LABEL, the server's state]
import {chromium} from "playwright-core";

const [base, password, roundsArg, label = ""] = process.argv.slice(2);
const state = label ? `, server ${label}` : "";
const rounds = Number(roundsArg ?? 15);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({viewport: {width: 1280, height: 900}});
// the moments the page's results first appear and last change, and of the last key typed into the search
await page.addInitScript(() => {
    window.__timing = {firstItems: null, lastChange: null, lastKey: null};
    document.addEventListener("keydown", (event) => {
        if (event.target.id === "search") {
            window.__timing.lastKey = performance.now();
        }
    }, true);
    new MutationObserver(() => {
        const results = document.querySelector("#results");
        if (results && results.children.length > 0) {
            window.__timing.firstItems ??= performance.now();
            window.__timing.lastChange = performance.now();
        }
    }).observe(document, {childList: true, subtree: true});
});
await page.goto(`${base}/login`);
await page.fill("#username", "admin");
await page.fill("#password", password);
await page.click("#sign-in");
await page.waitForSelector("#results li");

const firstItems = [];
for (let i = 0; i < rounds + 2; i++) {
    await page.reload();
    await page.waitForSelector("#results li");
    const shown = await page.evaluate(() => window.__timing.firstItems);
    if (i >= 2) { // two warm-ups
        firstItems.push(shown);
    }
}

// where a warm load's time goes: each request's start and end after the navigation began
await page.reload();
await page.waitForSelector("#results li");
const chain = await page.evaluate(() => performance.getEntriesByType("resource")
    .filter((entry) => entry.name.includes("/api/") || entry.name.endsWith(".js"))
    .map((entry) => ({name: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd})));
const scripts = chain.filter((entry) => !entry.name.startsWith("/api/"));
const lastScript = Math.max(...scripts.map((entry) => entry.end));
const calls = chain.filter((entry) => entry.name.startsWith("/api/"))
    .map((entry) => `${entry.name.replace(/\/api\/v1/, "")} ${entry.start.toFixed(0)}–${entry.end.toFixed(0)}`);

const settled = [];
const terms = ["payload", "zebrafish", "parse", "return", "quokka", "build"];
for (let i = 0; i < rounds + 2; i++) {
    const term = terms[i % terms.length];
    await page.fill("#search", "");
    await page.waitForTimeout(600);
    await page.type("#search", term, {delay: 100});
    await page.waitForFunction((typed) => decodeURIComponent(location.hash).includes(`q=${typed}`)
        && !document.querySelector("#result-status").textContent.includes("…"), term);
    await page.waitForTimeout(800); // nothing changes any more
    const {lastKey, lastChange} = await page.evaluate(() => window.__timing);
    if (i >= 2) {
        settled.push(lastChange - lastKey);
    }
}
await browser.close();
console.error(`a warm load${state}: ${scripts.length} scripts, the last loaded at ${lastScript.toFixed(0)} ms; API calls (start–end, ms): ${calls.join(", ")}`);
console.log(`| first items on screen after a warm load of the list${state} | ${median(firstItems).toFixed(0)} ms (${spread(firstItems)}) |`);
console.log(`| results settled after the last keystroke of a search${state} | ${median(settled).toFixed(0)} ms (${spread(settled)}) |`);
