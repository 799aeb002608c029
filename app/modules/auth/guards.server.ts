// Identity and role checks, on the server, for every signed-in page and API call.
import { data, redirect } from "react-router";

import { apiError } from "../../lib/http.server";
import { getUser } from "./identity.server";
import { type Role, rolePlural, type SessionUser } from "./roles";

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Pages: signed out → /login?redirectTo=…; wrong role → the 403 page. */
export async function requireUser(request: Request, role?: Role): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw loginRedirect(request);
  if (role && user.role !== role) {
    throw data({ message: `This page is for ${rolePlural(role)} only.` }, { status: 403, statusText: "Forbidden" });
  }
  return user;
}

/** API: signed out → 401 JSON; wrong role → 403 JSON. */
export async function requireApiUser(request: Request, role?: Role): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw apiError(401, "Sign in to continue.");
  if (role && user.role !== role) throw apiError(403, `This endpoint is for ${rolePlural(role)} only.`);
  return user;
}
