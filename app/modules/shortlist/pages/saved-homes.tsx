import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";

import { SavedHomeList } from "../../../components/shortlist/saved-home-list";
import { buttonClass } from "../../../components/ui/button";
import { SearchIcon } from "../../../components/ui/icons";
import { pageRoute } from "../../../edge/page-route.server";
import { loadAsDocument, withoutReact } from "../../../lib/hydration";
import { ServiceError } from "../../../lib/service-error";
import { toasts } from "../../../lib/toast.server";
import { savedHomesPage } from "../area";
import { finishSavePath, SaveHomeFormSchema } from "../schemas";
import { listSavedHomes, removeSavedEntry, removeSavedHome, saveHome } from "../shortlist.server";
import type { Route } from "./+types/saved-homes";

export const meta: Route.MetaFunction = () => [
  { title: "Saved homes | MoveWise" },
  { name: "robots", content: "noindex" },
];

// Sent without React (docs/decisions/0002-pages-without-react.md): a list with one small form per home.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

const page = pageRoute(savedHomesPage, {
  async loader({ user }) {
    return { homes: await listSavedHomes(user.id) };
  },

  /**
   * Every save button posts here (cards, the property page, this list): save or remove, then back to the page
   * it came from with a toast. Signed out, a save goes to log in and then to a page that finishes it.
   */
  async action({ user, form }) {
    const submission = parseWithZod(await form(), { schema: SaveHomeFormSchema });
    if (submission.status !== "success")
      throw data({ message: "This form is not complete: reload the page and try again." }, { status: 400 });
    const choice = submission.value;
    if (!user) {
      const next = choice.intent === "save" ? finishSavePath(choice.propertyId, choice.returnTo) : "/saved-homes";
      return redirect(`/login?redirectTo=${encodeURIComponent(next)}`);
    }
    const back = choice.returnTo ?? "/saved-homes";
    try {
      switch (choice.intent) {
        case "save": {
          const { created } = await saveHome(user.id, choice.propertyId);
          return toasts().redirectWithSuccess(
            back,
            created ? "Saved to your saved homes." : "This home is already in your saved homes.",
          );
        }
        case "remove":
          await removeSavedHome(user.id, choice.propertyId);
          return toasts().redirectWithSuccess(back, "Removed from your saved homes.");
        case "remove-entry":
          await removeSavedEntry(user.id, choice.savedHomeId);
          return toasts().redirectWithSuccess(back, "Removed from your saved homes.");
      }
    } catch (error) {
      if (error instanceof ServiceError) return toasts().redirectWithError(back, error.message);
      throw error;
    }
  },
});

export const loader = page.loader;
export const action = page.action;

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
