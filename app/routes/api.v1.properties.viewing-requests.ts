import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { asWrapperError, fail, ok } from "../modules/api/wrapper.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { listViewingRequests } from "../modules/viewings/viewings.server";
import type { Route } from "./+types/api.v1.properties.viewing-requests";

/** Admins only: the viewing requests, optionally for one property (?propertyId=), by preferred date. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
  } catch (error) {
    if (error instanceof Response) return asWrapperError(error);
    throw error;
  }
  const params = new URL(request.url).searchParams;
  const rawId = params.get("propertyId");
  const projectId = rawId === null ? undefined : parseId(rawId);
  if (projectId === null) return fail(400, "propertyId must be a property's id.");
  const rawPage = params.get("page") ?? "1";
  const page = parseId(rawPage);
  if (page === null) return fail(400, "page must be a whole number from 1.");
  const { requests, total, pageCount } = await listViewingRequests({ projectId, page });
  return ok(requests, { total, page, pageCount });
}

export const action = () => methodNotAllowed(["GET"]);
