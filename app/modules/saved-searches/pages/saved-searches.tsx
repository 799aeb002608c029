import { data, Link } from "react-router";

import { FormAlert, SelectInput, TextInput } from "../../../components/forms";
import { buttonClass } from "../../../components/ui/button";
import { pageRoute } from "../../../edge/page-route.server";
import { fieldErrors } from "../../../lib/http.server";
import { loadAsDocument, withoutReact } from "../../../lib/hydration";
import { parseId } from "../../../lib/ids";
import { ServiceError } from "../../../lib/service-error";
import { toasts } from "../../../lib/toast.server";
import { savedSearchesPage } from "../area";
import { FREQUENCY_OPTIONS, frequencyLabel, MAX_SAVED_SEARCHES } from "../options";
import { deleteSavedSearch, listSavedSearches, updateSavedSearch } from "../saved-searches.server";
import { EditSavedSearchFormSchema } from "../schemas";
import type { Route } from "./+types/saved-searches";

export const meta: Route.MetaFunction = () => [
  { title: "Saved searches | MoveWise" },
  { name: "robots", content: "noindex" },
];

// Sent without React: each saved search is a rename/frequency form, a delete form and a link that runs it.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

type Failure = {
  id: number | null;
  message?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
};

const failure = (status: number, body: Failure) => data({ failure: body }, { status });

const page = pageRoute(savedSearchesPage, {
  async loader({ user }) {
    const searches = await listSavedSearches(user.id);
    return {
      emailVerified: user.emailVerified,
      searches: searches.map(({ id, name, frequency, description, searchUrl }) => ({
        id,
        name,
        frequency,
        description,
        searchUrl,
      })),
    };
  },

  async action({ user, form }) {
    const formData = await form();
    const id = parseId(formData.get("id"));
    if (id === null) return failure(400, { id: null, message: "Choose a saved search from the list." });
    try {
      if (formData.get("intent") === "delete") {
        await deleteSavedSearch(user.id, id);
        return toasts().redirectWithSuccess("/saved-searches", "Saved search deleted.");
      }
      const values = { name: String(formData.get("name") ?? ""), frequency: String(formData.get("frequency") ?? "") };
      const parsed = EditSavedSearchFormSchema.safeParse(values);
      if (!parsed.success) return failure(400, { id, errors: fieldErrors(parsed.error), values });
      await updateSavedSearch(user.id, id, parsed.data);
      return toasts().redirectWithSuccess("/saved-searches", "Saved search updated.");
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return failure(error.status, { id: null, message: error.message });
    }
  },
});

export const loader = page.loader;
export const action = page.action;

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { searches, emailVerified } = loaderData;
  const failed = actionData?.failure;
  return (
    <div className="bg-slate-50">
      <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Saved searches</h1>
        <p className="mt-2 text-slate-700">
          We email you homes that are newly listed or reduced in price and match a saved search, as often as you choose.
          You can keep up to {MAX_SAVED_SEARCHES}.
        </p>
        {!emailVerified ? (
          <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
            Alerts go only to a confirmed email address.{" "}
            <Link to="/account" className="font-semibold underline underline-offset-2">
              Confirm yours on your account page
            </Link>{" "}
            to start getting them.
          </p>
        ) : null}
        {failed?.id === null && failed.message ? (
          <div className="mt-4">
            <FormAlert id="saved-searches-error" errors={[failed.message]} />
          </div>
        ) : null}
        {searches.length === 0 ? (
          <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <h2 className="text-xl font-semibold">You have no saved searches</h2>
            <p className="mt-2 text-slate-700">Search for a home, then press “Save this search” on the results.</p>
            <Link to="/property-search" className={`${buttonClass({})} mt-6`}>
              Search for a property
            </Link>
          </div>
        ) : (
          <ul className="mt-8 space-y-6" aria-label="Your saved searches">
            {searches.map((search) => (
              <li key={search.id}>
                <SavedSearchCard search={search} failure={failed?.id === search.id ? failed : undefined} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type Search = Route.ComponentProps["loaderData"]["searches"][number];

function SavedSearchCard({ search, failure }: { search: Search; failure?: Failure }) {
  const nameId = `search-${search.id}-name`;
  const frequencyId = `search-${search.id}-frequency`;
  const nameErrors = failure?.errors?.name;
  const frequencyErrors = failure?.errors?.frequency;
  return (
    <article
      aria-labelledby={`search-${search.id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={`search-${search.id}-title`} className="text-lg font-semibold break-words text-slate-900">
            {search.name}
          </h2>
          <p className="mt-1 text-slate-700">{search.description}</p>
          <p className="mt-1 text-sm text-slate-600">Emails: {frequencyLabel(search.frequency)}</p>
        </div>
        <Link to={search.searchUrl} className={buttonClass({ size: "sm" })}>
          Run search<span className="sr-only">: {search.name}</span>
        </Link>
      </div>
      <form method="post" className="mt-5 grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-end">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={search.id} />
        <TextInput
          id={nameId}
          name="name"
          label="Name"
          defaultValue={failure?.values?.name ?? search.name}
          required
          maxLength={120}
          errors={nameErrors}
        />
        <SelectInput
          id={frequencyId}
          name="frequency"
          label="Email me"
          defaultValue={failure?.values?.frequency ?? search.frequency}
          options={FREQUENCY_OPTIONS}
          errors={frequencyErrors}
        />
        <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Save changes<span className="sr-only"> to {search.name}</span>
        </button>
      </form>
      <form method="post" className="mt-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={search.id} />
        <button type="submit" className="text-sm font-semibold text-red-700 underline underline-offset-2">
          Delete<span className="sr-only"> {search.name}</span>
        </button>
      </form>
    </article>
  );
}
