import { data, Link } from "react-router";

import { FormAlert } from "../components/form-basics";
import { buttonClass } from "../components/ui/button";
import { FeedbackFields } from "../components/viewings/feedback";
import { ViewingStatusBadge } from "../components/viewings/status-badge";
import { errorPage } from "../lib/error-replies.server";
import { fieldErrors, formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { feedbackFormValues, viewingFeedbackSchema } from "../modules/viewings/schemas";
import { agencyFeedbackTarget, recordAgencyFeedback } from "../modules/viewings/seller-viewings.server";
import { formatSlot, formatViewingDate } from "../modules/viewings/slots";
import type { Route } from "./+types/admin.viewings.$id.feedback";

export const meta: Route.MetaFunction = () => [{ title: "Viewing feedback | MoveWise admin" }];

export const handle = withoutReact;
export const clientLoader = loadAsDocument;

async function targetOf(id: string | undefined) {
  const viewingId = parseId(id);
  if (viewingId === null) throw errorPage(new ServiceError(404, "We could not find that viewing."));
  return agencyFeedbackTarget(viewingId).catch((error: unknown) => {
    throw errorPage(error);
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return targetOf(params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const target = await targetOf(params.id);
  const form = await formDataOf(request);
  const values = feedbackFormValues(form);
  const parsed = viewingFeedbackSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values, message: null }, { status: 400 });
  try {
    await recordAgencyFeedback(target.viewing.id, parsed.data, { userId: admin.id, ipAddress: context.clientIp });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ errors: undefined, values, message: error.message }, { status: error.status });
  }
  return toasts().redirectWithSuccess(
    `/view-a-property/${target.viewing.propertyId}/viewings`,
    "Feedback saved. We emailed the seller.",
  );
}

export default function AdminViewingFeedback({ loaderData, actionData }: Route.ComponentProps) {
  const { viewing, closed, early, agency } = loaderData;
  const values =
    actionData?.values ??
    (agency
      ? {
          attended: agency.attended ? "yes" : "no",
          interest: agency.interest ?? undefined,
          comment: agency.comment,
          position: agency.position ?? undefined,
        }
      : {});
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <Link to="/admin/viewings" className="text-sm font-semibold text-emerald-800 hover:underline">
        ← Viewing requests
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Viewing feedback</h1>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="font-semibold text-slate-900">
          <Link to={`/view-a-property/${viewing.propertyId}/viewings`} className="text-emerald-800 hover:underline">
            {viewing.address}
          </Link>
        </p>
        <p className="mt-1 text-slate-800">
          {formatViewingDate(viewing.date)} at {formatSlot(viewing.time)} · {viewing.name} · {viewing.email} ·{" "}
          {viewing.phone}
        </p>
        <p className="mt-2">
          <ViewingStatusBadge status={viewing.status} />
        </p>
      </div>
      {closed ? (
        <p className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">{closed}</p>
      ) : (
        <form method="post" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          {actionData?.message ? (
            <div className="mb-4">
              <FormAlert id="feedback-error" errors={[actionData.message]} />
            </div>
          ) : null}
          {early ? (
            <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              This viewing has not taken place yet. Record feedback once it has (or now, if it was brought forward).
            </p>
          ) : null}
          {agency ? (
            <p className="mb-4 text-sm text-slate-700">Saving again replaces the agency&apos;s feedback.</p>
          ) : null}
          <FeedbackFields values={values} errors={actionData?.errors} />
          <button type="submit" className={buttonClass({ className: "mt-6" })}>
            Save feedback
          </button>
        </form>
      )}
    </section>
  );
}
