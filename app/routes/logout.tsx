import { redirect } from "react-router";

import { destroyUserSession } from "../modules/auth/session.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so it is a POST (the navbar's Logout is a form); a visit just goes home.
export const loader = () => redirect("/");

export async function action({ request }: Route.ActionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await destroyUserSession(request) } });
}
