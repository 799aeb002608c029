import { data, Link } from "react-router";

import { CheckStatusBadge, partyLabel } from "../components/compliance/checks";
import { ErrorList, inputClass, TextInput } from "../components/form-basics";
import { buttonClass } from "../components/ui/button";
import { errorPage } from "../lib/error-replies.server";
import { formatDate, formatDateTime } from "../lib/format";
import { fieldErrors, formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { decideSuspiciousActivity, officerRegister, saveRiskAssessment } from "../modules/compliance/officer.server";
import { RiskAssessmentSchema, SarOutcomeSchema } from "../modules/compliance/schemas";
import type { Route } from "./+types/admin.officer";

export const meta: Route.MetaFunction = () => [
  { title: "Nominated officer | MoveWise admin" },
  { name: "robots", content: "noindex" },
];

export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "admin");
  return officerRegister(user).catch((error: unknown) => {
    throw errorPage(error);
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, "admin");
  const actor = { id: user.id, ipAddress: context.clientIp };
  const form = await formDataOf(request);
  const values = Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
  const intent = values.intent === "assessment" ? "assessment" : "outcome";
  try {
    if (intent === "assessment") {
      const parsed = RiskAssessmentSchema.safeParse(values);
      if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error), values }, { status: 400 });
      await saveRiskAssessment({ user, actor, input: parsed.data });
      return toasts().redirectWithSuccess("/admin/officer", "Risk assessment saved.");
    }
    const parsed = SarOutcomeSchema.safeParse(values);
    if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error), values }, { status: 400 });
    await decideSuspiciousActivity({ user, actor, reportId: parsed.data.report_id, outcome: parsed.data.outcome });
    return toasts().redirectWithSuccess("/admin/officer", "Outcome recorded.");
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw errorPage(error);
    throw error;
  }
}

export default function Officer({ loaderData, actionData }: Route.ComponentProps) {
  const { checks, overrides, reports, assessment, sanctionsList } = loaderData;
  const errorsFor = (intent: string, field: string) =>
    actionData?.intent === intent ? actionData.errors[field] : undefined;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">Nominated officer</h1>
      <p className="mt-2 text-slate-700">
        Only you see this page.{" "}
        {sanctionsList
          ? `Sanctions list dated ${sanctionsList.listUpdated || "unknown"}, imported ${formatDate(sanctionsList.importedAt)}.`
          : "No sanctions list has been imported."}
      </p>

      <h2 className="mt-8 text-xl font-semibold">Firm-wide risk assessment</h2>
      {assessment ? (
        <div className="mt-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="whitespace-pre-line text-slate-800">{assessment.summary}</p>
          <p className="mt-2 text-sm font-semibold text-slate-900">
            Review due {formatDate(assessment.reviewDue)} (saved {formatDate(assessment.savedAt)})
          </p>
        </div>
      ) : (
        <p className="mt-2 text-red-700">No risk assessment has been recorded: MLR 2017 requires one.</p>
      )}
      <form method="post" className="mt-4 space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <input type="hidden" name="intent" value="assessment" />
        <div>
          <label htmlFor="summary" className="block text-sm font-medium text-slate-800">
            {assessment ? "Revise the assessment" : "The assessment"} (risks the agency faces and how it manages them)
          </label>
          <textarea
            id="summary"
            name="summary"
            rows={6}
            className={`${inputClass} mt-1`}
            defaultValue={actionData?.intent === "assessment" ? actionData.values.summary : (assessment?.summary ?? "")}
            aria-describedby="summary-error"
          />
          <ErrorList id="summary-error" errors={errorsFor("assessment", "summary")} />
        </div>
        <TextInput
          id="review_due"
          name="review_due"
          type="date"
          label="Next review"
          defaultValue={
            actionData?.intent === "assessment" ? actionData.values.review_due : (assessment?.reviewDue ?? "")
          }
          errors={errorsFor("assessment", "review_due")}
        />
        <button type="submit" className={buttonClass()}>
          Save the assessment
        </button>
      </form>

      <h2 className="mt-10 text-xl font-semibold">Suspicious-activity reports</h2>
      {reports.length === 0 ? <p className="mt-2 text-slate-700">No reports.</p> : null}
      <ul className="mt-2 space-y-4">
        {reports.map((report) => (
          <li key={report.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <p className="font-semibold text-slate-900">
              {report.subject} <span className="font-normal text-slate-700">({formatDateTime(report.createdAt)})</span>
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-800">{report.details}</p>
            {report.outcome ? (
              <p className="mt-2 text-sm text-slate-900">Outcome: {report.outcome}</p>
            ) : (
              <form method="post" className="mt-3 space-y-2">
                <input type="hidden" name="intent" value="outcome" />
                <input type="hidden" name="report_id" value={report.id} />
                <TextInput
                  id={`outcome-${report.id}`}
                  name="outcome"
                  label="Outcome (reported to the NCA, with its reference; or no further action, and why)"
                  errors={
                    actionData?.intent === "outcome" && actionData.values.report_id === String(report.id)
                      ? actionData.errors.outcome
                      : undefined
                  }
                />
                <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                  Record the outcome
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-xl font-semibold">Gates overridden</h2>
      {overrides.length === 0 ? <p className="mt-2 text-slate-700">None.</p> : null}
      <ul className="mt-2 space-y-2 text-sm">
        {overrides.map((o) => (
          <li key={o.id}>
            {formatDateTime(o.at)}: {o.what} by {o.by} ({o.entity} {o.entityId}) although {o.missing}.
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-xl font-semibold">Register of checks</h2>
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">Register of checks</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Person
            </th>
            <th scope="col" className="py-2 pr-3">
              Role
            </th>
            <th scope="col" className="py-2 pr-3">
              Status
            </th>
            <th scope="col" className="py-2 pr-3">
              Risk
            </th>
            <th scope="col" className="py-2">
              Decided
            </th>
          </tr>
        </thead>
        <tbody>
          {checks.map((check) => (
            <tr key={check.id} className="border-b border-slate-200">
              <td className="py-2 pr-3">
                <Link to={`/admin/checks/${check.id}`} className="font-semibold text-emerald-800 hover:underline">
                  {check.fullName}
                </Link>
              </td>
              <td className="py-2 pr-3">{partyLabel(check)}</td>
              <td className="py-2 pr-3">
                <CheckStatusBadge status={check.status} />
              </td>
              <td className="py-2 pr-3">
                {check.riskRating ?? "not rated"}
                {check.riskReasons.length ? `: ${check.riskReasons.join("; ")}` : ""}
              </td>
              <td className="py-2">{check.decidedAt ? formatDate(check.decidedAt) : "open"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
