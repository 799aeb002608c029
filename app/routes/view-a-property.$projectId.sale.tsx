import { data } from "react-router";

import { ErrorList, FormAlert, inputClass } from "../components/forms";
import { SaleSummary, SaleTracker } from "../components/sales/sale-tracker";
import { SellerHubPage } from "../components/seller-hub/seller-hub";
import { buttonClass } from "../components/ui/button";
import { Panel } from "../components/ui/panel";
import { errorPage } from "../lib/error-replies.server";
import { fieldErrors, formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { findSellerHome } from "../modules/projects/seller-access.server";
import { MAY_BE_PLANNED, milestoneOfDb, MILESTONES } from "../modules/sales/milestones";
import { getSellerProgression, updateProgression } from "../modules/sales/progression.server";
import type { SaleView } from "../modules/sales/sale-view";
import { ProgressionUpdateSchema } from "../modules/sales/schemas";
import type { Route } from "./+types/view-a-property.$projectId.sale";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Sale progress: ${loaded?.home.address ?? "Property"} | MoveWise` },
  { name: "robots", content: "noindex" },
];

// Sent without React: the tracker is read-only, and each of the admin's changes is a plain form.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { home, sale, earlier } = await getSellerProgression(user, parseId(params.projectId)).catch((error) => {
    throw errorPage(error);
  });
  return { home, sale, earlier, isAdmin: user.role === "admin" };
}

const INTENTS = ["solicitors", "memorandum", "milestone", "fall-through"] as const;
type Intent = (typeof INTENTS)[number];

type Failure = {
  intent: Intent | null;
  /** The milestone a milestone form was for. */
  key?: string;
  message?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
};

const failure = (status: number, body: Failure) => data({ failure: body }, { status });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const SOLICITOR_FIELDS = ["firm", "name", "email", "phone", "address"] as const;

/** The form's fields as the progression payload; the names are the payload's paths, so errors land on them. */
function payloadOf(intent: Intent, form: FormData) {
  switch (intent) {
    case "solicitors": {
      const side = (who: "seller" | "buyer") =>
        Object.fromEntries(SOLICITOR_FIELDS.map((field) => [field, text(form, `solicitors.${who}.${field}`)]));
      return { solicitors: { seller: side("seller"), buyer: side("buyer") }, subjectTo: text(form, "subjectTo") };
    }
    case "memorandum":
      return { issueMemorandum: true };
    case "milestone":
      return { milestones: [{ key: text(form, "key"), date: text(form, "date") || null, note: text(form, "note") }] };
    case "fall-through":
      return { fallThrough: { reason: text(form, "fallThrough.reason") } };
  }
}

/** "milestones.0.date" → "date": a milestone form's fields are plain. */
const onFormFields = (errors: Record<string, string[]>) =>
  Object.fromEntries(
    Object.entries(errors).map(([path, messages]) => [path.replace(/^milestones\.\d+\./, ""), messages]),
  );

const DONE: Record<Intent, string> = {
  solicitors: "Solicitors saved. We emailed the seller and the buyer.",
  memorandum: "Memorandum of sale issued and emailed: the home is now Sold STC.",
  milestone: "Milestone saved. We emailed the seller and the buyer.",
  "fall-through": "The sale is marked as fallen through: the home is for sale again.",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, "admin");
  const home = await findSellerHome(user, parseId(params.projectId)).catch((error) => {
    throw errorPage(error);
  });
  const form = await formDataOf(request);
  const intent = text(form, "intent") as Intent;
  if (!INTENTS.includes(intent)) return failure(400, { intent: null, message: "Choose what to change from the page." });
  const values = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const key = intent === "milestone" ? text(form, "key") : undefined;
  const parsed = ProgressionUpdateSchema.safeParse(payloadOf(intent, form));
  if (!parsed.success) return failure(400, { intent, key, errors: onFormFields(fieldErrors(parsed.error)), values });
  try {
    const sale = await updateProgression({
      actor: { userId: user.id, ipAddress: context.clientIp },
      projectId: home.id,
      input: parsed.data,
    });
    const message =
      intent === "milestone" && sale.state === "completed"
        ? "Completion saved: the sale has completed and the home is Sold."
        : DONE[intent];
    return toasts().redirectWithSuccess(`/view-a-property/${home.id}/sale`, message);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const errors = error.fieldErrors ? onFormFields(error.fieldErrors) : undefined;
    return failure(error.status, { intent, key, errors, message: errors ? undefined : error.message, values });
  }
}

export default function SaleProgress({ loaderData, actionData }: Route.ComponentProps) {
  const { home, sale, earlier, isAdmin } = loaderData;
  const failed = actionData?.failure;
  return (
    <SellerHubPage home={home} current="sale" title="Sale progress" actingForSeller={isAdmin}>
      {failed?.intent === null && failed.message ? <FormAlert id="sale-error" errors={[failed.message]} /> : null}
      {sale ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <Panel id="sale-facts" title="The sale">
              <SaleSummary sale={sale} />
            </Panel>
            <Panel id="sale-steps" title="Milestones">
              <SaleTracker sale={sale} />
            </Panel>
          </div>
          {isAdmin && sale.state === "in-progress" ? (
            <AdminForms sale={sale} failed={failed ?? undefined} />
          ) : isAdmin && sale.state === "completed" ? (
            <MilestoneForms sale={sale} ended />
          ) : null}
        </div>
      ) : (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-xl font-semibold">No sale yet</h2>
          <p className="mt-2 text-slate-700">
            When an offer is accepted, the sale&apos;s progress from solicitors to completion shows here.
          </p>
        </div>
      )}
      {earlier.length ? (
        <section aria-labelledby="earlier-sales" className="mt-8">
          <h2 id="earlier-sales" className="text-lg font-semibold text-slate-900">
            Earlier sales
          </h2>
          <ul className="mt-3 space-y-3">
            {earlier.map((past) => (
              <li key={past.id} className="rounded-xl border border-slate-200 bg-white p-5">
                <SaleSummary sale={past} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </SellerHubPage>
  );
}

function TextInput({
  id: givenId,
  name,
  label,
  defaultValue,
  errors,
  type = "text",
  textarea = false,
}: {
  /** Needed where several forms on the page have a field of the same name. */
  id?: string;
  name: string;
  label: string;
  defaultValue: string;
  errors?: string[];
  type?: string;
  textarea?: boolean;
}) {
  const id = givenId ?? `field-${name.replace(/\W+/g, "-")}`;
  const described = errors ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {textarea ? (
        <textarea
          id={id}
          name={name}
          defaultValue={defaultValue}
          rows={3}
          className={`${inputClass} mt-1`}
          {...described}
        />
      ) : (
        <input
          id={id}
          name={name}
          type={type}
          defaultValue={defaultValue}
          className={`${inputClass} mt-1`}
          {...described}
        />
      )}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

const SIDES = [
  { side: "seller", whose: "Seller's" },
  { side: "buyer", whose: "Buyer's" },
] as const;

const FIELD_WORDS: Record<(typeof SOLICITOR_FIELDS)[number], { label: string; type: string }> = {
  firm: { label: "firm", type: "text" },
  name: { label: "contact name", type: "text" },
  email: { label: "email", type: "email" },
  phone: { label: "phone", type: "tel" },
  address: { label: "address", type: "text" },
};

function AdminForms({ sale, failed }: { sale: SaleView; failed?: Failure }) {
  const mine = (intent: Intent, key?: string) => (failed?.intent === intent && failed.key === key ? failed : undefined);
  const solicitors = mine("solicitors");
  const memorandum = mine("memorandum");
  const fall = mine("fall-through");
  return (
    <div className="space-y-6">
      <Panel id="solicitors-form" title="Solicitors">
        <form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="solicitors" />
          {solicitors?.message ? <FormAlert id="solicitors-error" errors={[solicitors.message]} /> : null}
          {SIDES.map(({ side, whose }) => (
            <fieldset key={side} className="space-y-3">
              <legend className="font-semibold text-slate-900">{whose} solicitor</legend>
              {SOLICITOR_FIELDS.map((field) => {
                const name = `solicitors.${side}.${field}`;
                return (
                  <TextInput
                    key={field}
                    name={name}
                    label={`${whose} solicitor ${FIELD_WORDS[field].label}`}
                    type={FIELD_WORDS[field].type}
                    defaultValue={solicitors?.values?.[name] ?? sale.solicitors[side][field]}
                    errors={solicitors?.errors?.[name]}
                  />
                );
              })}
            </fieldset>
          ))}
          <TextInput
            name="subjectTo"
            label="Sale subject to"
            textarea
            defaultValue={solicitors?.values?.subjectTo ?? sale.subjectTo}
            errors={solicitors?.errors?.subjectTo}
          />
          <button type="submit" className={buttonClass({ size: "sm" })}>
            Save solicitors
          </button>
        </form>
      </Panel>

      <Panel id="memorandum-form" title="Memorandum of sale">
        <form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="memorandum" />
          <p className="text-sm text-slate-700">
            {sale.memorandumIssuedAt
              ? "Issuing it again sends the current details to everyone once more."
              : "Needs both solicitors' firms. Emails the PDF to the seller, the buyer and both solicitors; the home becomes Sold STC."}
          </p>
          {memorandum?.message ? <FormAlert id="memorandum-error" errors={[memorandum.message]} /> : null}
          <button type="submit" className={buttonClass({ size: "sm" })}>
            Issue memorandum of sale
          </button>
        </form>
      </Panel>

      <MilestoneForms sale={sale} failed={failed} />

      <Panel id="fall-through-form" title="Sale has fallen through">
        <form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="fall-through" />
          {fall?.message ? <FormAlert id="fall-through-error" errors={[fall.message]} /> : null}
          <TextInput
            name="fallThrough.reason"
            label="Reason"
            textarea
            defaultValue={fall?.values?.["fallThrough.reason"] ?? ""}
            errors={fall?.errors?.["fallThrough.reason"]}
          />
          <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })}>
            Mark sale as fallen through
          </button>
        </form>
      </Panel>
    </div>
  );
}

/** Each milestone's own form; once the sale has completed, the same fields shown as a record (disabled). */
function MilestoneForms({ sale, failed, ended = false }: { sale: SaleView; failed?: Failure; ended?: boolean }) {
  const mine = (key: string) => (failed?.intent === "milestone" && failed.key === key ? failed : undefined);
  return (
    <Panel id="milestones-form" title={ended ? "Milestones as recorded" : "Update milestones"}>
      {ended ? (
        <p className="mb-4 text-sm text-slate-700">The sale has completed: its record is kept as it was.</p>
      ) : null}
      <fieldset disabled={ended} className="min-w-0">
        <ul className="space-y-5">
          {MILESTONES.map(({ key, label }) => {
            const step = sale.milestones.find((m) => m.key === key)!;
            const own = mine(milestoneOfDb(key));
            return (
              <li key={key}>
                <form method="post" className="space-y-2">
                  <input type="hidden" name="intent" value="milestone" />
                  <input type="hidden" name="key" value={milestoneOfDb(key)} />
                  {own?.message ? <FormAlert id={`milestone-${key}-error`} errors={[own.message]} /> : null}
                  <TextInput
                    id={`date-${key}`}
                    name="date"
                    label={`${label} date`}
                    type="date"
                    defaultValue={own?.values?.date ?? step.date ?? ""}
                    errors={own?.errors?.date}
                  />
                  {MAY_BE_PLANNED.includes(key) ? (
                    <p className="text-xs text-slate-600">A date still to come records it as planned.</p>
                  ) : null}
                  <NoteInput milestone={key} defaultValue={own?.values?.note ?? step.note} errors={own?.errors?.note} />
                  {ended ? null : (
                    <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                      {`Save ${label}`}
                    </button>
                  )}
                </form>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </Panel>
  );
}

/** Each milestone's form has its own "Note" field (ids differ, the label is the same). */
function NoteInput({
  milestone,
  defaultValue,
  errors,
}: {
  milestone: string;
  defaultValue: string;
  errors?: string[];
}) {
  const id = `note-${milestone}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Note
      </label>
      <input
        id={id}
        name="note"
        defaultValue={defaultValue}
        maxLength={1000}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
        className={`${inputClass} mt-1`}
      />
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}
