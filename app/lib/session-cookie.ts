// The name of the session cookie. The session itself belongs to app/modules/auth/session.server.ts, but the
// HTTP layer below it must recognise a request that carries one (the cross-site guard refuses such a write
// from another site; the HTTP cache never shares an answer to it), so the name lives here.
export const SESSION_COOKIE = "__session";
