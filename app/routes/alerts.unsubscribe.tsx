import { Link } from "react-router";

import { AuthCard } from "../components/auth-card";
import { buttonClass } from "../components/ui/button";
import { refusedLink } from "../lib/error-replies.server";
import { linkToken } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { unsubscribe, unsubscribeTarget } from "../modules/alerts/alerts.server";
import type { Route } from "./+types/alerts.unsubscribe";

export const meta: Route.MetaFunction = () => [
  { title: "Stop search alerts | MoveWise" },
  { name: "robots", content: "noindex" },
];

// The link in every alert email. It works signed out and without JavaScript: opening it asks to confirm (so a
// mail scanner that follows links stops nothing), and the button posts back to the same address. Mail
// clients' one-click unsubscribe (RFC 8058) posts there too, with no cookie and a body of
// "List-Unsubscribe=One-Click": the signed token in the address is all either needs.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const token = linkToken(request);
  try {
    const target = await unsubscribeTarget(token);
    if (!target) return { state: "gone" as const };
    return { state: target.unsubscribed ? ("done" as const) : ("ask" as const), name: target.name, token: token! };
  } catch (error) {
    return refusedLink(error);
  }
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const done = await unsubscribe(linkToken(request));
    return done ? { state: "done" as const, name: done.name } : { state: "gone" as const };
  } catch (error) {
    return refusedLink(error);
  }
}

const manage = (
  <p className="text-slate-700">
    To change how often each saved search emails you, or to delete one,{" "}
    <Link to="/saved-searches" className="font-semibold text-emerald-800 underline underline-offset-2">
      manage your saved searches
    </Link>{" "}
    (you will be asked to log in).
  </p>
);

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.state === "invalid")
    return (
      <AuthCard title="This link does not work" subtitle={shown.message}>
        {manage}
      </AuthCard>
    );
  if (shown.state === "gone")
    return (
      <AuthCard title="No more alerts" subtitle="This saved search has been deleted, so it sends no more emails.">
        {manage}
      </AuthCard>
    );
  if (shown.state === "done")
    return (
      <AuthCard title="You are unsubscribed" subtitle={`You will no longer get alerts for “${shown.name}”.`}>
        <div role="status">{manage}</div>
      </AuthCard>
    );
  return (
    <AuthCard
      title="Stop these alerts?"
      subtitle={`You will no longer get emails about new and reduced homes for “${shown.name}”. The search stays saved, to run whenever you like.`}
    >
      <form method="post" action={`/alerts/unsubscribe?token=${encodeURIComponent(shown.token)}`}>
        <button type="submit" className={buttonClass({ className: "w-full" })}>
          Unsubscribe
        </button>
      </form>
      <div className="mt-6">{manage}</div>
    </AuthCard>
  );
}
