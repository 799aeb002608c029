// A signed-in person's saved searches (any account: buyers, vendors and admins alike): the filters of a
// /property-search, stored as that page's canonical query string (so a saved search runs exactly as the
// search did, and drawn areas or any later filter come with it), a name, and how often it emails new homes.
import type { SavedSearch } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { fieldError, ServiceError } from "../../lib/service-error";
import { locate } from "../geo/locate.server";
import { type SearchFilters, searchQuery, searchTitle } from "../search/filters";
import { type Frequency, MAX_SAVED_SEARCHES, searchPath } from "./options";
import { filtersOfQuery, type SavedSearchInput } from "./schemas";

const notFound = () => new ServiceError(404, "You have no saved search with this id.");

/** The query string a search is saved as: its filters without the page (defaults left out, as in links). */
export const canonicalQuery = (filters: SearchFilters) => searchQuery({ ...filters, page: 1 });

/** The filters of a saved query, refused the way the search form refuses them. */
export function queryFilters(query: string): SearchFilters {
  const parsed = filtersOfQuery(query);
  if (!parsed.success) throw new ServiceError(400, "This search cannot be saved: run it again from the search page.");
  return parsed.data;
}

/** A search's place must be one the search finds, or it could never match anything. */
async function placeLabel(filters: SearchFilters, field: string) {
  const place = await locate(filters.postcode);
  if (!place)
    throw fieldError(
      400,
      field,
      `We couldn't find "${filters.postcode}". Enter a UK postcode (LE1 5WW), a district (LE1) or an area (LE).`,
    );
  return place.label;
}

/** What a saved search looks for, in words ("Houses for sale within 10 miles of LE1, 3+ bedrooms"). */
export async function describeSearch(filters: SearchFilters) {
  const place = await locate(filters.postcode);
  return searchTitle(filters, place?.label ?? filters.postcode);
}

export type SavedSearchView = {
  id: number;
  name: string;
  frequency: Frequency;
  query: string;
  filters: SearchFilters;
  description: string;
  searchUrl: string;
  createdAt: Date;
  updatedAt: Date;
};

async function view(search: SavedSearch): Promise<SavedSearchView> {
  const filters = queryFilters(search.query);
  return {
    id: search.id,
    name: search.name,
    frequency: search.frequency,
    query: search.query,
    filters,
    description: await describeSearch(filters),
    searchUrl: searchPath(search.query),
    createdAt: search.createdAt,
    updatedAt: search.updatedAt,
  };
}

/** The account's saved searches, newest first. */
export async function listSavedSearches(userId: number) {
  const searches = await prisma.savedSearch.findMany({ where: { userId }, orderBy: [{ id: "desc" }] });
  return Promise.all(searches.map(view));
}

/** How many searches the account saved, and how many of them email. */
export async function savedSearchCounts(userId: number) {
  const [count, emailing] = await Promise.all([
    prisma.savedSearch.count({ where: { userId } }),
    prisma.savedSearch.count({ where: { userId, frequency: { not: "never" } } }),
  ]);
  return { count, emailing };
}

export async function getSavedSearch(userId: number, id: number) {
  const search = await prisma.savedSearch.findFirst({ where: { id, userId } });
  if (!search) throw notFound();
  return view(search);
}

/**
 * Saves a search. Saving the same filters again (a second press, or the same search found again) updates
 * the one saved search rather than keeping two that would send the same emails; `created` says which.
 */
export async function saveSearch(
  userId: number,
  input: SavedSearchInput,
  { placeField = "filters.postcode" }: { placeField?: string } = {},
) {
  await placeLabel(input.filters, placeField);
  const query = canonicalQuery(input.filters);
  return prisma.$transaction(async (tx) => {
    // One account's saves in turn, so the limit holds under parallel requests.
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    const existing = await tx.savedSearch.findFirst({ where: { userId, query } });
    if (existing) {
      const updated = await tx.savedSearch.update({
        where: { id: existing.id },
        data: { name: input.name, frequency: input.frequency, ...alertsRestart(existing.frequency, input.frequency) },
      });
      return { search: await view(updated), created: false };
    }
    if ((await tx.savedSearch.count({ where: { userId } })) >= MAX_SAVED_SEARCHES)
      throw new ServiceError(
        409,
        `You have ${MAX_SAVED_SEARCHES} saved searches, the most an account can keep. Delete one to save another.`,
      );
    const created = await tx.savedSearch.create({
      data: { userId, name: input.name, query, frequency: input.frequency },
    });
    return { search: await view(created), created: true };
  });
}

/**
 * Alerts that are switched back on start from now: a search kept without emails for months does not send
 * months of homes at once.
 */
const alertsRestart = (before: Frequency, after: Frequency) =>
  before === "never" && after !== "never" ? { checkedAt: new Date() } : {};

/** Changes a saved search (only what is given); someone else's id answers 404. */
export async function updateSavedSearch(
  userId: number,
  id: number,
  changes: { name?: string; frequency?: Frequency; filters?: SearchFilters },
) {
  const search = await prisma.savedSearch.findFirst({ where: { id, userId } });
  if (!search) throw notFound();
  if (changes.filters) await placeLabel(changes.filters, "filters.postcode");
  const query = changes.filters ? canonicalQuery(changes.filters) : undefined;
  const updated = await prisma.savedSearch.update({
    where: { id },
    data: {
      name: changes.name,
      frequency: changes.frequency,
      query,
      ...(changes.frequency ? alertsRestart(search.frequency, changes.frequency) : {}),
    },
  });
  return view(updated);
}

export async function deleteSavedSearch(userId: number, id: number) {
  const { count } = await prisma.savedSearch.deleteMany({ where: { id, userId } });
  if (count === 0) throw notFound();
}

/** The API's shape of a saved search. */
export function toSavedSearchJson(search: SavedSearchView) {
  const { page: _page, ...filters } = search.filters;
  return {
    id: search.id,
    name: search.name,
    frequency: search.frequency,
    filters,
    query: search.query,
    description: search.description,
    searchUrl: search.searchUrl,
    createdAt: search.createdAt.toISOString(),
    updatedAt: search.updatedAt.toISOString(),
  };
}
