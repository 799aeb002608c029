import { data } from "react-router";

import { FormAlert, SelectInput, TextInput } from "../components/form-basics";
import { SellerHubPage } from "../components/seller-hub/seller-hub";
import { buttonClass } from "../components/ui/button";
import { FeedbackSummary } from "../components/viewings/feedback";
import { ViewingStatusBadge } from "../components/viewings/status-badge";
import { errorPage } from "../lib/error-replies.server";
import { fieldErrors, formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { findSellerHome, sellerActor } from "../modules/projects/seller-access.server";
import { viewingDecisionSchema } from "../modules/viewings/schemas";
import { decideViewing, listHomeViewings, type ViewingJson } from "../modules/viewings/seller-viewings.server";
import { formatSlot, formatViewingDate, VIEWING_SLOT_OPTIONS, viewingDateRange } from "../modules/viewings/slots";
import type { Route } from "./+types/view-a-property.$projectId.viewings";

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `Viewings: ${page?.home.address ?? "Property"} | MoveWise` },
  { name: "robots", content: "noindex" },
];

// Sent without React: every action is a plain form that posts here and comes back with a toast.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

async function sellerHomeOf(request: Request, projectId: string | undefined) {
  const user = await requireUser(request);
  try {
    return { user, home: await findSellerHome(user, parseId(projectId)) };
  } catch (error) {
    throw errorPage(error);
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, home } = await sellerHomeOf(request, params.projectId);
  const admin = user.role === "admin";
  const viewings = await listHomeViewings(home, { withContact: admin });
  return { home, admin, ...viewings, proposalDates: viewingDateRange() };
}

type Failure = {
  id: number | null;
  message?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
};

const DONE: Record<string, string> = {
  confirm: "Viewing confirmed",
  decline: "Viewing declined",
  propose: "Another time proposed",
  cancel: "Viewing cancelled",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, home } = await sellerHomeOf(request, params.projectId);
  const form = await formDataOf(request);
  const id = parseId(form.get("id"));
  const failure = (status: number, body: Failure) => data({ failure: body }, { status });
  if (id === null) return failure(400, { id: null, message: "Choose a viewing from the list." });
  const values = {
    action: String(form.get("action") ?? ""),
    date: String(form.get("date") ?? ""),
    time: String(form.get("time") ?? ""),
  };
  const parsed = viewingDecisionSchema().safeParse(values);
  if (!parsed.success) return failure(400, { id, errors: fieldErrors(parsed.error), values });
  try {
    const viewing = await decideViewing(home, id, parsed.data, sellerActor(user, context.clientIp));
    return toasts().redirectWithSuccess(
      `/view-a-property/${home.id}/viewings`,
      `${DONE[parsed.data.action]}. We emailed ${viewing.name}.`,
    );
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return failure(error.status, { id, message: error.message });
  }
}

export default function SellerViewings({ loaderData, actionData }: Route.ComponentProps) {
  const { home, admin, upcoming, past, proposalDates } = loaderData;
  const failed = actionData?.failure;
  return (
    <SellerHubPage home={home} current="viewings" title="Viewings" actingForSeller={admin}>
      <p className="text-slate-700">
        Requests to view your home. Confirm a time, decline it or propose another; we email the person who asked (with a
        calendar invitation once it is confirmed).
      </p>
      {failed?.id === null && failed.message ? (
        <div className="mt-4">
          <FormAlert id="viewings-error" errors={[failed.message]} />
        </div>
      ) : null}
      <section aria-labelledby="upcoming-heading" className="mt-6">
        <h2 id="upcoming-heading" className="text-lg font-semibold text-slate-900">
          Upcoming
        </h2>
        {upcoming.length ? (
          <ul className="mt-3 space-y-4">
            {upcoming.map((viewing) => (
              <li key={viewing.id}>
                <ViewingCard
                  viewing={viewing}
                  admin={admin}
                  upcoming
                  proposalDates={proposalDates}
                  failure={failed?.id === viewing.id ? failed : undefined}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            No upcoming viewings.
          </p>
        )}
      </section>
      <section aria-labelledby="past-heading" className="mt-10">
        <h2 id="past-heading" className="text-lg font-semibold text-slate-900">
          Past
        </h2>
        {past.length ? (
          <ul className="mt-3 space-y-4">
            {past.map((viewing) => (
              <li key={viewing.id}>
                <ViewingCard viewing={viewing} admin={admin} upcoming={false} proposalDates={proposalDates} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            No past viewings yet.
          </p>
        )}
      </section>
    </SellerHubPage>
  );
}

function ViewingCard({
  viewing,
  admin,
  upcoming,
  proposalDates,
  failure,
}: {
  viewing: ViewingJson;
  admin: boolean;
  upcoming: boolean;
  proposalDates: { earliest: string; latest: string };
  failure?: Failure;
}) {
  const when = `${formatViewingDate(viewing.date)} at ${formatSlot(viewing.time)}`;
  const titleId = `viewing-${viewing.id}-title`;
  const about = (
    <span className="sr-only">
      {" "}
      for {viewing.name} on {when}
    </span>
  );
  const dateId = `viewing-${viewing.id}-date`;
  const timeId = `viewing-${viewing.id}-time`;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="font-semibold text-slate-900">
            {formatViewingDate(viewing.date)} · {formatSlot(viewing.time)}
          </h3>
          <p className="mt-1 text-slate-800">{viewing.name}</p>
          {admin ? (
            <p className="text-sm text-slate-700">
              <a href={`mailto:${viewing.email}`} className="text-emerald-800 underline-offset-2 hover:underline">
                {viewing.email}
              </a>{" "}
              · {viewing.phone}
            </p>
          ) : null}
          {viewing.status === "proposed" && viewing.proposedDate && viewing.proposedTime ? (
            <p className="mt-1 text-sm text-slate-700">
              Proposed: {formatViewingDate(viewing.proposedDate)} at {formatSlot(viewing.proposedTime)}, waiting for{" "}
              {viewing.name.split(" ")[0]} to accept.
            </p>
          ) : null}
        </div>
        <ViewingStatusBadge status={viewing.status} />
      </div>
      {failure?.message ? (
        <div className="mt-3">
          <FormAlert id={`viewing-${viewing.id}-error`} errors={[failure.message]} />
        </div>
      ) : null}
      {upcoming && viewing.status === "pending" ? (
        <div className="mt-4 space-y-4">
          <form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="id" value={viewing.id} />
            <button type="submit" name="action" value="confirm" className={buttonClass({ size: "sm" })}>
              Confirm viewing{about}
            </button>
            <button
              type="submit"
              name="action"
              value="decline"
              className={buttonClass({ size: "sm", variant: "secondary" })}
            >
              Decline viewing{about}
            </button>
          </form>
          <form method="post" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <input type="hidden" name="id" value={viewing.id} />
            <input type="hidden" name="action" value="propose" />
            <p className="text-sm font-semibold text-slate-900">Propose another time</p>
            <div className="mt-2 flex flex-wrap items-end gap-3">
              <TextInput
                id={dateId}
                name="date"
                label="Date"
                type="date"
                required
                min={proposalDates.earliest}
                max={proposalDates.latest}
                defaultValue={failure?.values?.date}
                errors={failure?.errors?.date}
                errorId={`${dateId}-errors`}
              />
              <SelectInput
                id={timeId}
                name="time"
                label="Time"
                defaultValue={failure?.values?.time ?? viewing.time}
                options={VIEWING_SLOT_OPTIONS}
                errors={failure?.errors?.time}
                errorId={`${timeId}-errors`}
              />
              <button type="submit" className={buttonClass({ size: "sm", variant: "secondary" })}>
                Propose this time{about}
              </button>
            </div>
          </form>
        </div>
      ) : null}
      {upcoming && (viewing.status === "confirmed" || viewing.status === "proposed") ? (
        <form method="post" className="mt-4">
          <input type="hidden" name="id" value={viewing.id} />
          <button type="submit" name="action" value="cancel" className={buttonClass({ size: "sm", variant: "danger" })}>
            Cancel viewing{about}
          </button>
        </form>
      ) : null}
      {admin && viewing.status === "confirmed" ? (
        <p className="mt-3 text-sm">
          <a
            href={`/admin/viewings/${viewing.id}/feedback`}
            className="font-semibold text-emerald-800 underline-offset-2 hover:underline"
          >
            Record feedback{about}
          </a>
        </p>
      ) : null}
      {viewing.feedback.length ? (
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          {viewing.feedback.map((feedback) => (
            <FeedbackSummary key={feedback.source} feedback={feedback} />
          ))}
        </div>
      ) : null}
    </article>
  );
}
