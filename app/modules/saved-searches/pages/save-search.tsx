import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";

import { Field, FormAlert, SelectField, SubmitButton } from "../../../components/forms";
import { useRulesForm } from "../../../components/rules-form";
import { pageRoute } from "../../../edge/page-route.server";
import { clientRules } from "../../../lib/client-rules.server";
import { formFailure } from "../../../lib/error-replies.server";
import { loadAsDocument, withoutReact } from "../../../lib/hydration";
import { toasts } from "../../../lib/toast.server";
import { saveSearchPage } from "../area";
import { DEFAULT_FREQUENCY, FREQUENCY_OPTIONS, searchPath } from "../options";
import { describeSearch, queryFilters, saveSearch } from "../saved-searches.server";
import { alertFrequency, filtersOfQuery, type SaveSearchFormFields, SaveSearchFormSchema } from "../schemas";
import type { Route } from "./+types/save-search";

export const meta: Route.MetaFunction = () => [
  { title: "Save this search | MoveWise" },
  { name: "robots", content: "noindex" },
];

// Where "Save this search" on the results posts (to ?query=…, so that a refused form is shown again with the
// search it was for). Signed out, the save is not lost: the action sends the person to log in and back here,
// where this page shows the same form filled in, and its button finishes the save (nothing is saved by
// opening a page).
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

const SAVED = "Search saved.";

/** This page's address for the given form values: the way back after logging in. */
function confirmPath(values: { query?: string; name?: string; frequency?: string }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return `/saved-searches/new?${params}`;
}

const page = pageRoute(saveSearchPage, {
  async loader({ request }) {
    const params = new URL(request.url).searchParams;
    const query = params.get("query") ?? "";
    const filters = filtersOfQuery(query);
    if (!filters.success || !query) return data({ mode: "nothing" as const }, { status: 400 });
    const description = await describeSearch(filters.data);
    const frequency = alertFrequency.safeParse(params.get("frequency"));
    return {
      mode: "form" as const,
      query,
      description,
      searchHref: searchPath(query),
      defaults: {
        name: params.get("name")?.trim() || description,
        frequency: frequency.success ? frequency.data : DEFAULT_FREQUENCY,
      },
      rules: clientRules(SaveSearchFormSchema),
    };
  },

  async action({ user, form }) {
    const formData = await form();
    const text = (name: string) => {
      const value = formData.get(name);
      return typeof value === "string" ? value.slice(0, 2000) : undefined;
    };
    if (!user) {
      const back = confirmPath({ query: text("query"), name: text("name"), frequency: text("frequency") });
      return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
    }
    const submission = parseWithZod(formData, { schema: SaveSearchFormSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      const { query, name, frequency } = submission.value;
      const { created } = await saveSearch(
        user.id,
        { name, frequency, filters: queryFilters(query) },
        { placeField: "query" },
      );
      return toasts().redirectWithSuccess(
        "/saved-searches",
        created ? SAVED : "Search saved (it was already saved: its name and emails are updated).",
      );
    } catch (error) {
      return formFailure(submission, error);
    }
  },
});

export const loader = page.loader;
export const action = page.action;

export default function SaveSearch({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === "nothing")
    return (
      <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight">There is no search to save</h1>
        <p className="mt-3 text-slate-700">
          <Link to="/property-search" className="font-semibold text-emerald-800 underline underline-offset-2">
            Search for a property
          </Link>
          , then press “Save this search” on the results.
        </p>
      </div>
    );
  return <SaveSearchForm {...loaderData} result={actionData?.result} />;
}

function SaveSearchForm({
  query,
  description,
  searchHref,
  defaults,
  rules,
  result,
}: Extract<Route.ComponentProps["loaderData"], { mode: "form" }> & {
  result?: Parameters<typeof useRulesForm>[1]["lastResult"];
}) {
  const [form, fields, formProps] = useRulesForm<SaveSearchFormFields>(rules, {
    id: "save-search",
    lastResult: result,
    defaultValue: { ...defaults, query },
  });
  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Save this search</h1>
        <p className="mt-2 text-slate-700">
          {description}.{" "}
          <Link to={searchHref} className="font-semibold text-emerald-800 underline underline-offset-2">
            See the results
          </Link>
        </p>
        <Form
          method="post"
          action={`/saved-searches/new?query=${encodeURIComponent(query)}`}
          {...formProps}
          className="mt-6 space-y-5"
        >
          <FormAlert id={form.errorId} errors={form.errors} />
          <input type="hidden" name="query" value={query} />
          <Field label="Name" field={fields.name} />
          <SelectField label="Email me new and reduced homes" field={fields.frequency} options={FREQUENCY_OPTIONS} />
          <SubmitButton pendingText="Saving...">Save this search</SubmitButton>
        </Form>
      </div>
    </div>
  );
}
