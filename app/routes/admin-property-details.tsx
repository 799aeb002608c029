// The route table's /admin-property-details without a project: an admin's way in is the project list.
// A page (not a resource route), so the signed-out redirect and the 403 page are the usual ones.
import { redirect } from "react-router";

import { loadAsDocument, withoutReact } from "../lib/hydration";
import { requireUser } from "../modules/auth/guards.server";
import type { Route } from "./+types/admin-property-details";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return redirect("/admin-propertylisting");
}

export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export default function AdminPropertyDetailsIndex() {
  return null;
}
