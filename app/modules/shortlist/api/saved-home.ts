import { apiRoute } from "../../../edge/api-route.server";
import { savedHomeEndpoint } from "../area";
import { findSavedHome, removeSavedHome, saveHome, toSavedHomeJson } from "../shortlist.server";

const route = apiRoute(savedHomeEndpoint, {
  /** Idempotent: 201 the first time, 200 after. */
  async put({ user, params }) {
    const { created, projectId } = await saveHome(user.id, params.propertyId);
    return { status: created ? 201 : 200, body: toSavedHomeJson(await findSavedHome(user.id, projectId)) };
  },
  async delete({ user, params }) {
    await removeSavedHome(user.id, params.propertyId);
    return new Response(null, { status: 204 });
  },
});

export const loader = route.loader;
export const action = route.action;
