import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";

import { SavedHomeList } from "../components/shortlist/saved-home-list";
import { buttonClass } from "../components/ui/button";
import { SearchIcon } from "../components/ui/icons";
import { formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { getUser } from "../modules/auth/identity.server";
import { finishSavePath, SaveHomeFormSchema } from "../modules/shortlist/schemas";
import { listSavedHomes, removeSavedEntry, removeSavedHome, saveHome } from "../modules/shortlist/shortlist.server";
import type { Route } from "./+types/saved-homes";

export const meta: Route.MetaFunction = () => [
  { title: "Saved homes | MoveWise" },
  { name: "robots", content: "noindex" },
];

// Sent without React (docs/decisions/0002-pages-without-react.md): a list with one small form per home.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { homes: await listSavedHomes(user.id) };
}

/**
 * Every save button posts here (cards, the property page, this list): save or remove, then back to the page
 * it came from with a toast. Signed out, a save goes to log in and then to a page that finishes it.
 */
export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await formDataOf(request), { schema: SaveHomeFormSchema });
  if (submission.status !== "success")
    throw data({ message: "This form is not complete: reload the page and try again." }, { status: 400 });
  const form = submission.value;
  const user = await getUser(request);
  if (!user) {
    const next = form.intent === "save" ? finishSavePath(form.propertyId, form.returnTo) : "/saved-homes";
    return redirect(`/login?redirectTo=${encodeURIComponent(next)}`);
  }
  const back = form.returnTo ?? "/saved-homes";
  try {
    switch (form.intent) {
      case "save": {
        const { created } = await saveHome(user.id, form.propertyId);
        return toasts().redirectWithSuccess(
          back,
          created ? "Saved to your saved homes." : "This home is already in your saved homes.",
        );
      }
      case "remove":
        await removeSavedHome(user.id, form.propertyId);
        return toasts().redirectWithSuccess(back, "Removed from your saved homes.");
      case "remove-entry":
        await removeSavedEntry(user.id, form.savedHomeId);
        return toasts().redirectWithSuccess(back, "Removed from your saved homes.");
    }
  } catch (error) {
    if (error instanceof ServiceError) return toasts().redirectWithError(back, error.message);
    throw error;
  }
}

export default function SavedHomes({ loaderData }: Route.ComponentProps) {
  const { homes } = loaderData;
  return (
    <div className="bg-slate-50">
      <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <p className="text-sm font-bold tracking-wider text-emerald-700 uppercase">My home search</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Saved homes</h1>
        <p className="mt-2 text-lg text-slate-700">
          {homes.length === 0
            ? "Homes you save appear here, with what has changed since you saved them."
            : `${homes.length} saved ${homes.length === 1 ? "home" : "homes"}, newest first, with what has changed since you saved them.`}
        </p>
        {homes.length === 0 ? (
          <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <p className="text-lg font-semibold text-slate-900">You have not saved any homes yet.</p>
            <p className="mt-2 text-slate-700">Press Save on any home you like to keep it here.</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/property-search" className={buttonClass()}>
                <SearchIcon className="size-5" />
                Search for a home
              </Link>
              <Link to="/view-properties" className={buttonClass({ variant: "secondary" })}>
                See all homes for sale
              </Link>
            </div>
          </div>
        ) : (
          <SavedHomeList homes={homes} className="mt-8" returnTo="/saved-homes" />
        )}
      </section>
    </div>
  );
}
