// Every address the pages use, built in one place: the API's paths, and the addresses of the views.

const API = "/api/v1";
const segment = encodeURIComponent;

export const apiPaths = {
    login: `${API}/auth/login`,
    identityProvider: `${API}/auth/oidc`,
    singleSignOn: (next) => `${API}/auth/oidc/login?next=${encodeURIComponent(next)}`,
    logout: `${API}/auth/logout`,
    whoami: `${API}/auth/whoami`,
    browserLogin: `${API}/auth/browser-login`,
    device: (userCode) => `${API}/auth/device/${segment(userCode)}`,
    deviceApprove: (userCode) => `${API}/auth/device/${segment(userCode)}/approve`,
    deviceDeny: (userCode) => `${API}/auth/device/${segment(userCode)}/deny`,
    tokens: `${API}/auth/tokens`,
    token: (id) => `${API}/auth/tokens/${segment(id)}`,
    snippets: `${API}/snippets`,
    snippetList: (params) => `${API}/snippets?${params}`,
    snippetFacets: (params) => `${API}/snippets/facets?${params}`,
    snippet: (id) => `${API}/snippets/${segment(id)}`,
    snippetRaw: (id) => `${API}/snippets/${segment(id)}/raw`,
    snippetAttachments: (id) => `${API}/snippets/${segment(id)}/attachments`,
    attachment: (id) => `${API}/attachments/${segment(id)}`,
    snippetLinks: (id) => `${API}/snippets/${segment(id)}/links`,
    revisions: (id, params) => `${API}/snippets/${segment(id)}/revisions?${params}`,
    revision: (id, version) => `${API}/snippets/${segment(id)}/revisions/${version}`,
    revisionDiff: (id, from, to) => `${API}/snippets/${segment(id)}/revisions/${from}/diff/${to}`,
    mergeRevision: (id, base) => `${API}/snippets/${segment(id)}/revisions/${base}/merge`,
    restoreRevision: (id, version) => `${API}/snippets/${segment(id)}/revisions/${version}/restore`,
    trashList: (params) => `${API}/trash?${params}`,
    trashItem: (id) => `${API}/trash/${segment(id)}`,
    trashRestore: (id) => `${API}/trash/${segment(id)}/restore`,
    link: (id) => `${API}/links/${segment(id)}`,
    shared: (secret) => `${API}/shared/${segment(secret)}`,
    sharedRaw: (secret) => `${API}/shared/${segment(secret)}/raw`,
    sharedAttachments: (secret) => `${API}/shared/${segment(secret)}/attachments`,
    password: `${API}/auth/password`,
    sessions: `${API}/auth/sessions`,
    session: (id) => `${API}/auth/sessions/${segment(id)}`,
    users: `${API}/users`,
    groups: `${API}/groups`,
    group: (id) => `${API}/groups/${segment(id)}`,
    groupMember: (groupId, userId) => `${API}/groups/${segment(groupId)}/members/${segment(userId)}`,
    user: (id) => `${API}/users/${segment(id)}`,
    userPassword: (id) => `${API}/users/${segment(id)}/password`,
};

export const viewPaths = {
    list: "#/",
    snippet: (id) => `#/s/${segment(id)}`,
    edit: (id) => `#/s/${segment(id)}/edit`,
    history: (id) => `#/s/${segment(id)}/history`,
    trash: "#/trash",
    /** The list filtered by one tag. */
    tag: (tag) => "#/?" + new URLSearchParams({tag}),
    account: "#/tokens",
    users: "#/users",
};
