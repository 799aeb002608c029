import { apiRoute } from "../../../edge/api-route.server";
import { savedSearchesEndpoint } from "../area";
import { listSavedSearches, saveSearch, toSavedSearchJson } from "../saved-searches.server";

const route = apiRoute(savedSearchesEndpoint, {
  /** The account's saved searches, newest first. */
  async get({ user }) {
    return { body: (await listSavedSearches(user.id)).map(toSavedSearchJson) };
  },
  /** The same filters again update the saved search: 200 instead of 201. */
  async post({ user, body }) {
    const { search, created } = await saveSearch(user.id, body);
    return {
      status: created ? 201 : 200,
      body: toSavedSearchJson(search),
      headers: { Location: `/api/v1/saved-searches/${search.id}` },
    };
  },
});

export const loader = route.loader;
export const action = route.action;
