import { data, Link } from "react-router";

import { ErrorList, inputClass, TextInput } from "../components/form-basics";
import { buttonClass } from "../components/ui/button";
import { fieldErrors, formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { raiseSuspiciousActivity } from "../modules/compliance/officer.server";
import { SarSchema } from "../modules/compliance/schemas";
import type { Route } from "./+types/admin.suspicious-activity";

export const meta: Route.MetaFunction = () => [{ title: "Report a suspicion | MoveWise admin" }];

export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const form = await formDataOf(request);
  const values = { subject: String(form.get("subject") ?? ""), details: String(form.get("details") ?? "") };
  const parsed = SarSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  await raiseSuspiciousActivity({ actor: { id: admin.id, ipAddress: context.clientIp }, input: parsed.data });
  return toasts().redirectWithSuccess(
    "/admin/checks",
    "Sent to the nominated officer. Do not tell the person or anyone else about it.",
  );
}

export default function SuspiciousActivity({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <Link to="/admin/checks" className="text-sm font-semibold text-emerald-800 hover:underline">
        ← Checks
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Report a suspicion</h1>
      <p className="mt-2 text-slate-700">
        If you know or suspect money laundering, tell the nominated officer here. Only the officer sees reports, and
        they decide whether to report to the National Crime Agency. Telling the person, or anyone else, could be tipping
        off, which is a criminal offence.
      </p>
      <form method="post" className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <TextInput
          id="subject"
          name="subject"
          label="Who or what it is about"
          defaultValue={actionData?.values.subject}
          errors={actionData?.errors.subject}
        />
        <div>
          <label htmlFor="details" className="block text-sm font-medium text-slate-800">
            What made you suspicious
          </label>
          <textarea
            id="details"
            name="details"
            rows={6}
            className={`${inputClass} mt-1`}
            defaultValue={actionData?.values.details}
            aria-describedby="details-error"
          />
          <ErrorList id="details-error" errors={actionData?.errors.details} />
        </div>
        <button type="submit" className={buttonClass()}>
          Send to the nominated officer
        </button>
      </form>
    </section>
  );
}
