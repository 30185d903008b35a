// The signed-in user, as the service named them when the page started: {userId, username, role, authMethod}.
export const me = {};
