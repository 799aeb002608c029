import { apiRoute } from "../../../edge/api-route.server";
import { shortlistEndpoint } from "../area";
import { listSavedHomes, toSavedHomeJson } from "../shortlist.server";

const route = apiRoute(shortlistEndpoint, {
  /** Newest first, with what changed since saving. */
  async get({ user }) {
    return { body: (await listSavedHomes(user.id)).map(toSavedHomeJson) };
  },
});

export const loader = route.loader;
export const action = route.action;
