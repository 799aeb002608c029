import { Form, Link, useNavigation } from "react-router";

import { AdminTable } from "../components/admin/admin-table";
import { inputClass } from "../components/form-basics";
import { buttonClass } from "../components/ui/button";
import { Pagination } from "../components/ui/pagination";
import { ViewingStatusBadge } from "../components/viewings/status-badge";
import { formatDate } from "../lib/format";
import { formDataOf } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { listingPath } from "../modules/listings/summary";
import {
  VIEWING_STATUS_LABELS,
  VIEWING_STATUSES,
  type ViewingFilter,
  type ViewingStatus,
} from "../modules/viewings/schemas";
import { formatSlot, formatViewingDate } from "../modules/viewings/slots";
import {
  decideViewingRequest,
  listPropertiesWithViewings,
  listViewingRequests,
} from "../modules/viewings/viewings.server";
import type { Route } from "./+types/admin.viewings";

export const meta: Route.MetaFunction = () => [{ title: "Viewing requests | MoveWise admin" }];

function parseFilter(params: URLSearchParams): ViewingFilter {
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    projectId: parseId(params.get("property")) ?? undefined,
    status: VIEWING_STATUSES.includes(status as ViewingStatus) ? (status as ViewingStatus) : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function filterQuery(filter: Partial<ViewingFilter>) {
  const params = new URLSearchParams();
  if (filter.projectId) params.set("property", String(filter.projectId));
  if (filter.status) params.set("status", filter.status);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const filter = parseFilter(new URL(request.url).searchParams);
  const [inbox, properties] = await Promise.all([listViewingRequests(filter), listPropertiesWithViewings()]);
  return { ...inbox, properties, filter };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const form = await formDataOf(request);
  const back = `/admin/viewings${filterQuery(parseFilter(new URL(request.url).searchParams))}`;
  const decision = form.get("decision");
  const id = parseId(String(form.get("id") ?? ""));
  if ((decision !== "confirmed" && decision !== "declined") || !id) {
    return toasts().dataWithError(null, "Choose a viewing request to confirm or decline.", { status: 400 });
  }
  try {
    const viewing = await decideViewingRequest(id, decision, { userId: admin.id, ipAddress: context.clientIp });
    const done = decision === "confirmed" ? "Viewing confirmed" : "Viewing declined";
    return toasts().redirectWithSuccess(back, `${done}. We emailed ${viewing.firstName} ${viewing.lastName}.`);
  } catch (error) {
    if (error instanceof ServiceError) return toasts().dataWithError(null, error.message, { status: error.status });
    throw error;
  }
}

export default function AdminViewings({ loaderData }: Route.ComponentProps) {
  const { requests, total, page, pageCount, properties, filter } = loaderData;
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  const action = `/admin/viewings${filterQuery(filter)}`;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/admin-propertylisting" className="text-sm font-semibold text-emerald-800 hover:underline">
        ← Property projects
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Viewing requests</h1>
      <p className="mt-1 text-slate-600">
        By preferred date and time, earliest first. Confirming or declining emails the person who asked. To propose
        another time, open the property&apos;s viewings.
      </p>

      <Form
        method="get"
        className="mt-6 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      >
        <div>
          <label htmlFor="property" className="block text-sm font-medium text-slate-800">
            Property
          </label>
          <select
            id="property"
            name="property"
            defaultValue={filter.projectId ?? ""}
            className={`${inputClass} mt-1 max-w-md`}
          >
            <option value="">All properties</option>
            {properties.map((property) => (
              <option key={property.id} value={property.id}>
                {property.address} ({property.requests})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="status" className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select id="status" name="status" defaultValue={filter.status ?? ""} className={`${inputClass} mt-1`}>
            <option value="">Any status</option>
            {VIEWING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {VIEWING_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass({ size: "sm", className: "py-2.5" })}>
          Show requests
        </button>
      </Form>

      <p className="mt-6 text-sm text-slate-600" aria-live="polite">
        {total} {total === 1 ? "request" : "requests"}
      </p>

      {requests.length ? (
        <AdminTable
          caption="Viewing requests"
          columns={["Preferred", "Property", "Requested by", "Message", "Status", { hidden: "Actions" }]}
          className="mt-3"
        >
          {requests.map((viewing) => {
            const who = `${viewing.firstName} ${viewing.lastName}`;
            const when = `${formatViewingDate(viewing.preferredDate)} at ${formatSlot(viewing.preferredTime)}`;
            return (
              <tr key={viewing.id}>
                <td className="px-4 py-3 font-medium whitespace-nowrap text-slate-900">
                  {formatViewingDate(viewing.preferredDate)}
                  <span className="block font-normal text-slate-600">{formatSlot(viewing.preferredTime)}</span>
                </td>
                <td className="px-4 py-3">
                  <Link to={listingPath(viewing.project.id)} className="font-medium text-emerald-800 hover:underline">
                    {viewing.project.address}
                  </Link>
                  <Link
                    to={`/view-a-property/${viewing.project.id}/viewings`}
                    className="block text-xs font-semibold text-emerald-800 hover:underline"
                  >
                    All viewings of this home
                  </Link>
                </td>
                <td className="px-4 py-3 text-slate-800">
                  <span className="font-medium text-slate-900">{who}</span>
                  <a href={`mailto:${viewing.email}`} className="block text-emerald-800 hover:underline">
                    {viewing.email}
                  </a>
                  <span className="block">{viewing.phoneNumber}</span>
                  <span className="block text-xs text-slate-600">Received {formatDate(viewing.createdAt)}</span>
                </td>
                <td className="max-w-xs px-4 py-3 text-slate-700">
                  {viewing.message ?? <span className="text-slate-600">None</span>}
                </td>
                <td className="px-4 py-3">
                  <ViewingStatusBadge status={viewing.status} />
                  {viewing.handledAt ? (
                    <span className="mt-1 block text-xs text-slate-600">{formatDate(viewing.handledAt)}</span>
                  ) : null}
                </td>
                <td className="px-4 py-3">
                  {viewing.status === "pending" ? (
                    <Form method="post" action={action} className="flex gap-2">
                      <input type="hidden" name="id" value={viewing.id} />
                      <button
                        type="submit"
                        name="decision"
                        value="confirmed"
                        disabled={busyId === String(viewing.id)}
                        className={buttonClass({ size: "sm" })}
                      >
                        Confirm
                        <span className="sr-only">
                          {" "}
                          the viewing for {who} on {when}
                        </span>
                      </button>
                      <button
                        type="submit"
                        name="decision"
                        value="declined"
                        disabled={busyId === String(viewing.id)}
                        className={buttonClass({ size: "sm", variant: "secondary" })}
                      >
                        Decline
                        <span className="sr-only">
                          {" "}
                          the viewing for {who} on {when}
                        </span>
                      </button>
                    </Form>
                  ) : null}
                  {viewing.status === "confirmed" ? (
                    <Link
                      to={`/admin/viewings/${viewing.id}/feedback`}
                      className="font-semibold whitespace-nowrap text-emerald-800 hover:underline"
                    >
                      Record feedback
                      <span className="sr-only">
                        {" "}
                        for the viewing by {who} on {when}
                      </span>
                    </Link>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      ) : (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No viewing requests match.
        </p>
      )}

      <div className="mt-8">
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={(p) => `/admin/viewings${filterQuery({ ...filter, page: p })}`}
          label="Pages of viewing requests"
        />
      </div>
    </section>
  );
}
