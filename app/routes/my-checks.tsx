import { data, redirect } from "react-router";

import { CheckStatusBadge, partyLabel } from "../components/compliance/checks";
import { FormAlert } from "../components/form-basics";
import { buttonClass } from "../components/ui/button";
import { formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { logger } from "../lib/logger.server";
import { ServiceError } from "../lib/service-error";
import { requireUser } from "../modules/auth/guards.server";
import { myChecks, refreshOnlineCheck, startOnlineCheck } from "../modules/compliance/checks.server";
import { onlineIdentityAvailable } from "../modules/compliance/identity/index.server";
import type { Route } from "./+types/my-checks";

export const meta: Route.MetaFunction = () => [
  { title: "Your identity checks | MoveWise" },
  { name: "robots", content: "noindex" },
];

export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Back from the online check: read its result once, so the page shows where it stands.
  const returned = parseId(new URL(request.url).searchParams.get("returned"));
  if (returned !== null && (await myChecks(user)).some((check) => check.id === returned))
    // The provider being down only delays the result: the agency reads it again from the check's page.
    await refreshOnlineCheck(returned).catch((err: unknown) =>
      logger.warn({ err }, "reading an online identity check failed"),
    );
  return { checks: await myChecks(user), online: onlineIdentityAvailable() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await formDataOf(request);
  const id = parseId(String(form.get("check_id") ?? ""));
  if (id === null) return data({ message: "Choose a check to start." }, { status: 400 });
  const page = new URL("/my-checks", request.url);
  page.searchParams.set("returned", String(id));
  try {
    const session = await startOnlineCheck({ user, id, returnUrl: page.toString() });
    return redirect(session.url);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ message: error.message }, { status: error.status });
  }
}

const NEXT_STEP = {
  pending:
    "Bring your photo ID (passport or driving licence) and a bill or bank statement from the last three months to the agency, or start the online check below.",
  in_review: "We have what we need from you: the agency is checking it.",
  passed: "Done: nothing more is needed from you.",
  failed: "The agency will contact you about your check.",
} as const;

export default function MyChecks({ loaderData, actionData }: Route.ComponentProps) {
  const { checks, online } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">Your identity checks</h1>
      <p className="mt-2 text-slate-700">
        The law (the Money Laundering Regulations 2017) requires estate agents to check who their sellers are before a
        home is marketed, and who a buyer is once their offer is accepted. We keep the records for five years after the
        sale, as the law requires.
      </p>
      <FormAlert id="check-error" errors={actionData?.message ? [actionData.message] : null} />
      {checks.length === 0 ? (
        <p className="mt-6 text-slate-700">You have no checks to do at the moment.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {checks.map((check) => (
            <li key={check.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="font-semibold text-slate-900">
                {check.address} · {partyLabel(check)}
              </h2>
              <p className="mt-2">
                <CheckStatusBadge status={check.status} />
              </p>
              <p className="mt-2 text-sm text-slate-800">{NEXT_STEP[check.status]}</p>
              {online && check.status === "pending" ? (
                <form method="post" className="mt-3">
                  <input type="hidden" name="check_id" value={check.id} />
                  <button type="submit" className={buttonClass({ size: "sm" })}>
                    Start the online check
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
