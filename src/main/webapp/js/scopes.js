// What each token scope lets a token do, in the words the account page and the consent pages use
// (docs/API.md, "Token scopes").
export const SCOPE_WORDS = {
    "snippets:read": "Read snippets, attachments, history and collections",
    "snippets:write": "Create, change and delete snippets and collections",
    "sharing": "Share: visibility, groups and links",
    "account": "Manage my tokens and sessions; export and import",
    "admin": "Administer the service",
};

/** A list of what a token with these scopes may do; `null` scopes: everything the user's role allows. */
export function scopeList(id, scopes) {
    const list = document.createElement("ul");
    list.id = id;
    const lines = scopes === null
        ? ["Everything your account may do (no scopes were asked for)"]
        : scopes.map((scope) => SCOPE_WORDS[scope] ?? scope);
    for (const line of lines) {
        const item = document.createElement("li");
        item.textContent = line;
        list.append(item);
    }
    return list;
}
