import { data, Link } from "react-router";

import { AuthCard } from "../components/auth-card";
import { buttonClass } from "../components/ui/button";
import { refusedLink } from "../lib/error-replies.server";
import { linkToken } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { listingPath } from "../modules/listings/summary";
import { acceptProposedTime, respondTarget } from "../modules/viewings/seller-viewings.server";
import { formatSlot, formatViewingDate } from "../modules/viewings/slots";
import type { Route } from "./+types/viewings.$id.respond";

export const meta: Route.MetaFunction = () => [
  { title: "Another time for your viewing | MoveWise" },
  { name: "robots", content: "noindex" },
];

// The link in the "Another time for your viewing" email: no sign-in, no JavaScript. Opening it only shows the
// proposed time (a mail scanner that follows links accepts nothing); the button posts back here.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const target = await respondTarget(parseId(params.id), linkToken(request));
    return { state: "ask" as const, target, token: linkToken(request)! };
  } catch (error) {
    return refusedLink(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const viewing = await acceptProposedTime(parseId(params.id), linkToken(request), { ipAddress: context.clientIp });
    return { state: "accepted" as const, viewing };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 409) {
      const target = await respondTarget(parseId(params.id), linkToken(request));
      return data({ state: "answered" as const, message: error.message, target }, { status: 409 });
    }
    return refusedLink(error);
  }
}

export default function RespondToProposal({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.state === "invalid")
    return (
      <AuthCard title="This link does not work" subtitle={shown.message}>
        <p className="text-slate-700">Reply to the email you were sent and we will help.</p>
      </AuthCard>
    );
  if (shown.state === "accepted")
    return (
      <AuthCard
        title="Your viewing is confirmed"
        subtitle={`${shown.viewing.address}, ${formatViewingDate(shown.viewing.date)} at ${formatSlot(shown.viewing.time)}.`}
      >
        <p role="status" className="text-slate-700">
          We have emailed you the confirmation with a calendar invitation, and told the seller.
        </p>
      </AuthCard>
    );
  const { target } = shown;
  const home = (
    <Link to={listingPath(target.propertyId)} className="font-semibold text-emerald-800 underline underline-offset-2">
      {target.address}
    </Link>
  );
  if (shown.state === "answered" || target.status !== "proposed")
    return (
      <AuthCard
        title={target.status === "proposed" ? "This time is no longer available" : "Already answered"}
        subtitle={shown.state === "answered" ? shown.message : statusSentence(target)}
      >
        <p className="text-slate-700">The property: {home}</p>
      </AuthCard>
    );
  return (
    <AuthCard title="Another time for your viewing" subtitle={`For ${target.address}.`}>
      <p className="text-slate-700">
        You asked for {formatViewingDate(target.date)} at {formatSlot(target.time)}. The seller can do{" "}
        <strong className="text-slate-900">
          {formatViewingDate(target.proposedDate!)} at {formatSlot(target.proposedTime!)}
        </strong>
        .
      </p>
      <form method="post" className="mt-6">
        <button type="submit" className={buttonClass({ className: "w-full" })}>
          Accept this time
        </button>
      </form>
      <p className="mt-4 text-sm text-slate-600">
        If it does not suit you, reply to the email and we will find another.
      </p>
    </AuthCard>
  );
}

function statusSentence(target: { status: string; date: string; time: string }) {
  if (target.status === "confirmed")
    return `This viewing is already confirmed for ${formatViewingDate(target.date)} at ${formatSlot(target.time)}.`;
  if (target.status === "cancelled") return "This viewing has been cancelled.";
  return "There is no other time waiting for your answer on this viewing.";
}
