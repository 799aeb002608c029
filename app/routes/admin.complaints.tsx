import { data, Link } from "react-router";

import { FormAlert, SubmitButton, TextareaInput, TextInput } from "../components/form-basics";
import { Panel } from "../components/ui/panel";
import { formatDate } from "../lib/format";
import { fieldErrors, formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { listComplaints, recordComplaint, recordFinalResponse } from "../modules/complaints/complaints.server";
import { REDRESS_WEEKS } from "../modules/complaints/options";
import { ComplaintSchema, FinalResponseSchema } from "../modules/complaints/schemas";
import type { Route } from "./+types/admin.complaints";

export const meta: Route.MetaFunction = () => [{ title: "Complaints | MoveWise admin" }];

// Sent without React: a list and plain forms.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return listComplaints();
}

type Failure = {
  form: "record" | number;
  message?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const actor = { id: admin.id, ipAddress: context.clientIp };
  const form = await formDataOf(request);
  const values = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const id = text(form, "intent") === "respond" ? parseId(text(form, "id")) : null;
  const which: Failure["form"] = id ?? "record";
  const fail = (status: number, failure: Omit<Failure, "form" | "values">) =>
    data({ failure: { form: which, values, ...failure } satisfies Failure }, { status });
  try {
    if (text(form, "intent") === "respond") {
      if (!id) return fail(404, { message: "We couldn't find that complaint." });
      const parsed = FinalResponseSchema.safeParse({
        final_response: text(form, "final_response"),
        ...(text(form, "sent_on") ? { sent_on: text(form, "sent_on") } : {}),
      });
      if (!parsed.success) return fail(400, { errors: fieldErrors(parsed.error) });
      await recordFinalResponse({ actor, id, input: parsed.data });
      return toasts().redirectWithSuccess("/admin/complaints", "Final response recorded: the clock has stopped.");
    }
    const project = text(form, "project_id").trim();
    const parsed = ComplaintSchema.safeParse({
      name: text(form, "name"),
      email: text(form, "email"),
      details: text(form, "details"),
      ...(text(form, "received_on") ? { received_on: text(form, "received_on") } : {}),
      ...(project ? { project_id: /^\d{1,9}$/.test(project) ? Number(project) : project } : {}),
    });
    if (!parsed.success) return fail(400, { errors: fieldErrors(parsed.error) });
    await recordComplaint({ actor, input: parsed.data });
    return toasts().redirectWithSuccess("/admin/complaints", "Complaint recorded.");
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return fail(error.status, { message: error.fieldErrors ? undefined : error.message, errors: error.fieldErrors });
  }
}

export default function AdminComplaints({ loaderData, actionData }: Route.ComponentProps) {
  const { complaints, redressScheme } = loaderData;
  const failed: Failure | undefined = actionData?.failure;
  const mine = (form: Failure["form"]) => (failed?.form === form ? failed : undefined);
  const record = mine("record");
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:px-6">
        <div>
          <Link
            to="/admin-propertylisting"
            className="text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline"
          >
            ← Back to projects
          </Link>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Complaints</h1>
          <p className="mt-2 max-w-3xl text-slate-700">
            Every complaint, with how long is left of the {REDRESS_WEEKS} weeks after which the complainant may refer it
            to {redressScheme} without our final response. Eight calendar weeks from the day it was received.
          </p>
        </div>

        <section aria-labelledby="complaints-heading">
          <h2 id="complaints-heading" className="text-xl font-semibold text-slate-900">
            The log
          </h2>
          {complaints.length ? (
            <ul className="mt-4 space-y-4">
              {complaints.map((complaint) => {
                const respond = mine(complaint.id);
                return (
                  <li key={complaint.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <h3 className="font-semibold text-slate-900">
                        Complaint {complaint.id}: {complaint.name} ({complaint.email})
                      </h3>
                      <p
                        className={`text-sm font-semibold ${complaint.overdue ? "text-red-700" : "text-emerald-800"}`}
                        data-complaint-clock
                      >
                        {complaint.clock}
                      </p>
                    </div>
                    <p className="mt-1 text-sm text-slate-700">
                      Received {formatDate(complaint.receivedAt)} · {REDRESS_WEEKS} weeks end{" "}
                      {formatDate(complaint.redressDeadline)} ·{" "}
                      {complaint.status === "open"
                        ? "Open"
                        : `Final response sent ${formatDate(complaint.finalResponseAt!)}`}
                      {complaint.project ? ` · ${complaint.project.address}` : ""}
                    </p>
                    <p className="mt-2 whitespace-pre-line text-slate-800">{complaint.details}</p>
                    {complaint.finalResponse ? (
                      <div className="mt-3 rounded-lg bg-slate-50 px-3 py-2">
                        <p className="text-sm font-semibold text-slate-900">Final response</p>
                        <p className="text-sm whitespace-pre-line text-slate-800">{complaint.finalResponse}</p>
                      </div>
                    ) : (
                      <form method="post" className="mt-4 space-y-3">
                        <input type="hidden" name="intent" value="respond" />
                        <input type="hidden" name="id" value={complaint.id} />
                        {respond?.message ? (
                          <FormAlert id={`respond-${complaint.id}-error`} errors={[respond.message]} />
                        ) : null}
                        <TextareaInput
                          id={`final-response-${complaint.id}`}
                          name="final_response"
                          label="Final response sent"
                          defaultValue={respond?.values?.final_response ?? ""}
                          errors={respond?.errors?.final_response}
                        />
                        <TextInput
                          id={`sent-on-${complaint.id}`}
                          name="sent_on"
                          type="date"
                          label="Sent on (left empty: today)"
                          defaultValue={respond?.values?.sent_on ?? ""}
                          errors={respond?.errors?.sent_on}
                        />
                        <SubmitButton pendingText="Saving…" className="sm:w-auto sm:px-6">
                          Record the final response
                        </SubmitButton>
                      </form>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="mt-4 text-slate-700">No complaints recorded.</p>
          )}
        </section>

        <Panel id="record-complaint" title="Record a complaint">
          <form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="record" />
            {record?.message ? <FormAlert id="record-error" errors={[record.message]} /> : null}
            <TextInput
              id="complaint-name"
              name="name"
              label="Complainant's name"
              defaultValue={record?.values?.name ?? ""}
              errors={record?.errors?.name}
            />
            <TextInput
              id="complaint-email"
              name="email"
              type="email"
              label="Complainant's email"
              defaultValue={record?.values?.email ?? ""}
              errors={record?.errors?.email}
            />
            <TextInput
              id="complaint-project"
              name="project_id"
              inputMode="numeric"
              label="Booking number of the property (optional)"
              defaultValue={record?.values?.project_id ?? ""}
              errors={record?.errors?.project_id}
            />
            <TextInput
              id="complaint-received"
              name="received_on"
              type="date"
              label="Received on (left empty: today)"
              defaultValue={record?.values?.received_on ?? ""}
              errors={record?.errors?.received_on}
            />
            <TextareaInput
              id="complaint-details"
              name="details"
              label="What the complaint is about"
              defaultValue={record?.values?.details ?? ""}
              errors={record?.errors?.details}
              rows={5}
            />
            <SubmitButton pendingText="Recording…" className="sm:w-auto sm:px-6">
              Record the complaint
            </SubmitButton>
          </form>
        </Panel>
      </div>
    </div>
  );
}
