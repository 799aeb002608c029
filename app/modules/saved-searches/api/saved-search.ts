import { apiRoute } from "../../../edge/api-route.server";
import { savedSearchEndpoint } from "../area";
import { deleteSavedSearch, getSavedSearch, toSavedSearchJson, updateSavedSearch } from "../saved-searches.server";

// Other accounts' saved searches answer 404, as if there were none.
const route = apiRoute(savedSearchEndpoint, {
  async get({ user, params }) {
    return { body: toSavedSearchJson(await getSavedSearch(user.id, params.id)) };
  },
  /** Replaces the name, filters and frequency. */
  async put({ user, params, body }) {
    return { body: toSavedSearchJson(await updateSavedSearch(user.id, params.id, body)) };
  },
  /** Removes the search and stops its alerts. */
  async delete({ user, params }) {
    await deleteSavedSearch(user.id, params.id);
    return { body: { message: "Saved search deleted.", id: params.id } };
  },
});

export const loader = route.loader;
export const action = route.action;
