import { data, Link } from "react-router";

import { CheckStatusBadge, partyLabel } from "../components/compliance/checks";
import { ErrorList, FormAlert, inputClass } from "../components/form-basics";
import { buttonClass } from "../components/ui/button";
import { errorPage } from "../lib/error-replies.server";
import { formatDateTime } from "../lib/format";
import { fieldErrors, formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import {
  checkNotFound,
  decideMatch,
  getCheck,
  recordCheck,
  refreshOnlineCheck,
} from "../modules/compliance/checks.server";
import { RISK_FACTOR_KEYS } from "../modules/compliance/options";
import { RISK_FACTOR_LABELS } from "../modules/compliance/risk";
import { DecideMatchSchema, RecordCheckFormSchema, recordInputFromForm } from "../modules/compliance/schemas";
import type { Route } from "./+types/admin.checks.$checkId";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Check: ${data?.check.fullName ?? "not found"} | MoveWise admin` },
];

export const handle = withoutReact;
export const clientLoader = loadAsDocument;

async function checkOf(id: string | undefined) {
  const checkId = parseId(id);
  const check = checkId === null ? null : await getCheck(checkId);
  if (!check) throw errorPage(checkNotFound());
  return check;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return { check: await checkOf(params.checkId) };
}

type Reply = { intent: string; errors?: Record<string, string[]>; values?: Record<string, string>; message?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const actor = { id: admin.id, ipAddress: context.clientIp };
  const check = await checkOf(params.checkId);
  const form = await formDataOf(request);
  const intent = String(form.get("intent") ?? "record");
  const values = Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
  const here = new URL(request.url).pathname;
  const fail = (status: number, reply: Omit<Reply, "intent" | "values">) =>
    data<Reply>({ intent, values, ...reply }, { status });
  try {
    if (intent === "refresh") {
      await refreshOnlineCheck(check.id);
      return toasts().redirectWithSuccess(here, "Read the online check's latest result.");
    }
    if (intent === "decide") {
      const parsed = DecideMatchSchema.safeParse({ decision: values.decision, note: values.note });
      if (!parsed.success) return fail(400, { errors: fieldErrors(parsed.error) });
      const done = await decideMatch({ actor, id: check.id, input: parsed.data });
      return toasts().redirectWithSuccess(
        here,
        done.status === "passed"
          ? "Not a match: the check has passed."
          : "Match confirmed: the check has not passed. Tell the nominated officer.",
      );
    }
    const parsed = RecordCheckFormSchema.safeParse(values);
    if (!parsed.success) return fail(400, { errors: fieldErrors(parsed.error) });
    const done = await recordCheck({ actor, id: check.id, input: recordInputFromForm(parsed.data) });
    const outcome = {
      passed: "The check has passed.",
      failed: "The check is recorded as not passed.",
      possible_match: "The sanctions screen found a possible match: the check is stopped until someone decides it.",
      pending: "Saved.",
      in_review: "Saved.",
    }[done.status];
    return done.status === "possible_match"
      ? toasts().redirectWithWarning(here, outcome)
      : toasts().redirectWithSuccess(here, outcome);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.status === 404) throw errorPage(error);
    const errors = error.fieldErrors
      ? Object.fromEntries(Object.entries(error.fieldErrors).map(([key, list]) => [FORM_FIELD[key] ?? key, list]))
      : undefined;
    return fail(error.status, { message: error.message, errors });
  }
}

/** The service names fields as the API does; the form's names differ. */
const FORM_FIELD: Record<string, string> = {
  identityVerified: "identity_verified",
  addressVerified: "address_verified",
  sourceOfFunds: "source_of_funds",
  sourceOfFundsChecked: "source_of_funds_checked",
};

function Checkbox({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={name}
        name={name}
        type="checkbox"
        defaultChecked={checked}
        className="mt-1 size-4 accent-emerald-700"
      />
      <label htmlFor={name} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}

export default function AdminCheck({ loaderData, actionData }: Route.ComponentProps) {
  const { check } = loaderData;
  const reply = actionData as Reply | undefined;
  const recordReply = reply?.intent !== "decide" ? reply : undefined;
  const decideReply = reply?.intent === "decide" ? reply : undefined;
  const v = recordReply?.values;
  const open = check.status === "pending" || check.status === "in_review";
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/admin/checks" className="text-sm font-semibold text-emerald-800 hover:underline">
        ← Checks
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Check: {check.fullName}</h1>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-900">Status</dt>
          <dd>
            <CheckStatusBadge status={check.status} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Role</dt>
          <dd>{partyLabel(check)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Home</dt>
          <dd>
            {check.bookingId ? (
              <Link to={`/admin-property-details/${check.bookingId}`} className="text-emerald-800 hover:underline">
                {check.address}
              </Link>
            ) : (
              `${check.address} (deleted)`
            )}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">How</dt>
          <dd>{check.provider === "stripe_identity" ? "Online (Stripe Identity)" : "Documents seen by staff"}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Risk</dt>
          <dd>
            {check.riskRating ?? "not rated yet"}
            {check.riskReasons.length ? `: ${check.riskReasons.join("; ")}` : ""}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Sanctions screen</dt>
          <dd>
            {check.sanctionsScreenedAt
              ? `${formatDateTime(check.sanctionsScreenedAt)}: ${check.sanctionsMatches.length ? `${check.sanctionsMatches.length} possible match(es)` : "no match"}`
              : "not screened yet"}
          </dd>
        </div>
        {check.evidence ? (
          <div className="sm:col-span-2">
            <dt className="font-semibold text-slate-900">What was seen</dt>
            <dd className="whitespace-pre-line">{check.evidence}</dd>
          </div>
        ) : null}
        {check.decisionNote ? (
          <div className="sm:col-span-2">
            <dt className="font-semibold text-slate-900">Decision</dt>
            <dd>{check.decisionNote}</dd>
          </div>
        ) : null}
      </dl>

      {check.provider === "stripe_identity" && open ? (
        <form method="post" className="mt-4">
          <input type="hidden" name="intent" value="refresh" />
          <button type="submit" className={buttonClass({ variant: "secondary" })}>
            Read the online check&apos;s result
          </button>
        </form>
      ) : null}

      {check.status === "possible_match" ? (
        <form method="post" className="mt-6 rounded-xl border border-red-300 bg-white p-5 shadow-sm">
          <h2 className="text-lg font-semibold">Possible sanctions match: decide</h2>
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-800">
            {check.sanctionsMatches.map((match) => (
              <li key={match.groupId}>
                {match.name} (Group ID {match.groupId}, {match.regime || "regime not given"}), similarity{" "}
                {Math.round(match.score * 100)}%
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-700">
            Compare date of birth, nationality and address with the listing on the UK sanctions list. A confirmed match
            must be reported to OFSI and the nominated officer; do not tell the person.
          </p>
          <FormAlert id="decide-error" errors={decideReply?.message ? [decideReply.message] : null} />
          <input type="hidden" name="intent" value="decide" />
          <fieldset className="mt-3">
            <legend className="text-sm font-medium text-slate-800">Decision</legend>
            <div className="mt-1 flex gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="decision" value="not_a_match" className="accent-emerald-700" /> Not the listed
                person
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="decision" value="confirmed_match" className="accent-emerald-700" /> Confirmed
                match
              </label>
            </div>
            <ErrorList id="decision-error" errors={decideReply?.errors?.decision} />
          </fieldset>
          <label htmlFor="note" className="mt-3 block text-sm font-medium text-slate-800">
            Why
          </label>
          <textarea
            id="note"
            name="note"
            rows={3}
            className={`${inputClass} mt-1`}
            aria-describedby="note-error"
            defaultValue={decideReply?.values?.note ?? ""}
          />
          <ErrorList id="note-error" errors={decideReply?.errors?.note} />
          <button type="submit" className={buttonClass({ className: "mt-4" })}>
            Record the decision
          </button>
        </form>
      ) : null}

      {open ? (
        <form method="post" className="mt-6 space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="text-lg font-semibold">Record the check</h2>
          <p className="text-sm text-slate-700">
            Saving a pass screens the name against the UK sanctions list and rates the risk from the factors ticked.
          </p>
          <FormAlert id="record-error" errors={recordReply?.message ? [recordReply.message] : null} />
          <input type="hidden" name="intent" value="record" />
          <Checkbox
            name="identity_verified"
            label="Identity verified (photo ID seen, or the online check verified it)"
            checked={v ? v.identity_verified === "on" : check.identityVerified}
          />
          <ErrorList errors={recordReply?.errors?.identity_verified} />
          <Checkbox
            name="address_verified"
            label="Address verified (a recent bill or statement, or the online check)"
            checked={v ? v.address_verified === "on" : check.addressVerified}
          />
          <ErrorList errors={recordReply?.errors?.address_verified} />
          <div>
            <label htmlFor="evidence" className="block text-sm font-medium text-slate-800">
              What you saw (documents, their numbers, who checked and when)
            </label>
            <textarea
              id="evidence"
              name="evidence"
              rows={4}
              className={`${inputClass} mt-1`}
              defaultValue={v?.evidence ?? check.evidence}
              aria-describedby="evidence-error"
            />
            <ErrorList id="evidence-error" errors={recordReply?.errors?.evidence} />
          </div>
          {check.party === "buyer" ? (
            <>
              <div>
                <label htmlFor="source_of_funds" className="block text-sm font-medium text-slate-800">
                  Source of funds (where the money comes from)
                </label>
                <textarea
                  id="source_of_funds"
                  name="source_of_funds"
                  rows={2}
                  className={`${inputClass} mt-1`}
                  defaultValue={v?.source_of_funds ?? check.sourceOfFunds ?? ""}
                  aria-describedby="source_of_funds-error"
                />
                <ErrorList id="source_of_funds-error" errors={recordReply?.errors?.source_of_funds} />
              </div>
              <Checkbox
                name="source_of_funds_checked"
                label="Source of funds checked against bank statements or a mortgage offer"
                checked={v ? v.source_of_funds_checked === "on" : check.sourceOfFundsChecked}
              />
              <ErrorList errors={recordReply?.errors?.source_of_funds_checked} />
            </>
          ) : null}
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">
              Risk factors (any one makes the rating enhanced)
            </legend>
            <div className="mt-1 space-y-1">
              {RISK_FACTOR_KEYS.map((key) => (
                <Checkbox key={key} name={key} label={RISK_FACTOR_LABELS[key]} checked={v?.[key] === "on"} />
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Outcome</legend>
            <div className="mt-1 flex gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="outcome"
                  value="pass"
                  defaultChecked={v?.outcome === "pass"}
                  className="accent-emerald-700"
                />{" "}
                Passed
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="outcome"
                  value="fail"
                  defaultChecked={v?.outcome === "fail"}
                  className="accent-emerald-700"
                />{" "}
                Not passed
              </label>
            </div>
            <ErrorList id="outcome-error" errors={recordReply?.errors?.outcome} />
          </fieldset>
          <button type="submit" className={buttonClass()}>
            Save the check
          </button>
        </form>
      ) : null}
    </section>
  );
}
