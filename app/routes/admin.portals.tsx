import { Form, Link, redirect } from "react-router";

import { adminCell, AdminTable } from "../components/admin/admin-table";
import { PortalStateBadge } from "../components/admin/portal-state";
import { buttonClass } from "../components/ui/button";
import { pageHref, Pagination } from "../components/ui/pagination";
import { formatDateTime } from "../lib/format";
import { formDataOf } from "../lib/http.server";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { lastToldText, ourStatusText, PORTAL_NAMES, portalList } from "../modules/portals/admin-labels";
import {
  listPortalHomes,
  type PortalListingSummary,
  portalPageQuery,
  portalSettingsSummary,
  recentFeedExports,
  requestBlmExport,
  requestPortalCatchUp,
  resendToPortals,
} from "../modules/portals/admin-portals.server";
import { PortalHomesFilterSchema, PortalsPageActionSchema } from "../modules/portals/schemas";
import type { Route } from "./+types/admin.portals";

export const meta: Route.MetaFunction = () => [{ title: "Portals | MoveWise admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const url = new URL(request.url);
  const filter = PortalHomesFilterSchema.safeParse({ problems: url.searchParams.get("problems") || undefined });
  if (!filter.success) throw redirect(url.pathname);
  const problems = filter.data.problems === "1";
  let query;
  try {
    query = portalPageQuery(url);
  } catch (error) {
    if (error instanceof ServiceError) throw redirect(url.pathname);
    throw error;
  }
  const [page, exports] = await Promise.all([listPortalHomes({ problems }, query), recentFeedExports()]);
  return { settings: portalSettingsSummary(), exports, page, problems };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const parsed = PortalsPageActionSchema.safeParse(Object.fromEntries(await formDataOf(request)));
  if (!parsed.success) return toasts().redirectWithError(back, parsed.error.issues[0]!.message);
  const actor = { id: admin.id, ipAddress: context.clientIp };
  if (parsed.data.intent === "write-blm") {
    await requestBlmExport(actor);
    return toasts().redirectWithSuccess(back, {
      message: "The BLM file is being written.",
      description: "It shows under 'Files written' in a minute or two.",
    });
  }
  try {
    if (parsed.data.intent === "catch-up") {
      await requestPortalCatchUp(actor);
      return toasts().redirectWithSuccess(back, {
        message: "Homes not yet on the portals are being sent.",
        description: "Each shows here once its portal answers.",
      });
    }
    const { queued } = await resendToPortals({ actor, projectId: parsed.data.projectId });
    return toasts().redirectWithSuccess(back, `Sent again to ${portalList(queued)}.`);
  } catch (error) {
    if (error instanceof ServiceError) return toasts().redirectWithError(back, error.message);
    throw error;
  }
}

const linkClass =
  "font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";

function PortalCell({ listing }: { listing: PortalListingSummary }) {
  return (
    <td className={`${adminCell} max-w-xs`}>
      <PortalStateBadge state={listing.state} />
      {listing.lastAction ? (
        <>
          <p className="mt-1 text-slate-800">{lastToldText(listing)}</p>
          {listing.lastAttemptAt ? (
            <p className="text-slate-600">
              <time dateTime={listing.lastAttemptAt}>{formatDateTime(listing.lastAttemptAt)}</time>
            </p>
          ) : null}
          {listing.answer ? <p className="mt-1 break-words text-slate-700">{listing.answer}</p> : null}
        </>
      ) : null}
      {listing.portalUrl ? (
        <a href={listing.portalUrl} className={`${linkClass} mt-1 inline-block`} rel="noreferrer noopener">
          See it on {PORTAL_NAMES[listing.portal]}
        </a>
      ) : null}
    </td>
  );
}

function SettingsCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 space-y-1 text-sm text-slate-700">{children}</div>
    </section>
  );
}

const onOff = (on: boolean) => (
  <p>
    <span className={`font-semibold ${on ? "text-emerald-800" : "text-slate-800"}`}>{on ? "On" : "Off"}</span>
    {on ? "" : ": not configured on this server"}
  </p>
);

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function AdminPortals({ loaderData }: Route.ComponentProps) {
  const { settings, exports, page, problems } = loaderData;
  const hrefFor = (n: number) => pageHref("/admin/portals", { problems: problems ? "1" : "" }, n);
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/admin-propertylisting" className={`${linkClass} text-sm`}>
        <span aria-hidden="true">← </span>Dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Portals</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Listed homes go to Rightmove and Zoopla a few moments after each change (listing, price, details, photos, offers
        accepted, sale agreed, sold, withdrawn), and Rightmove also gets the full BLM file every morning at 05:00. A
        request a portal refuses is kept here with its answer; one that fails is tried again.
      </p>

      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <SettingsCard id="rightmove-settings" title="Rightmove real-time">
          {onOff(settings.rightmove.on)}
          {settings.rightmove.on ? (
            <>
              <p>
                Network {settings.rightmove.networkId}, branch {settings.rightmove.branchId}
              </p>
              <p>Sends to {settings.rightmove.endpointHost}</p>
            </>
          ) : null}
        </SettingsCard>
        <SettingsCard id="blm-settings" title="Rightmove BLM file">
          {settings.blm.branchId ? (
            <p>Branch {settings.blm.branchId}</p>
          ) : (
            <p>Branch not set — files are made for branch 0 and would be refused.</p>
          )}
          <p>
            <a href="/api/v1/admin/feeds/rightmove.zip" className={linkClass} download>
              Download the BLM file
            </a>
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="write-blm" />
            <button type="submit" className={buttonClass({ variant: "secondary", size: "sm", className: "mt-1" })}>
              Write today&apos;s file now
            </button>
          </Form>
        </SettingsCard>
        <SettingsCard id="zoopla-settings" title="Zoopla">
          {onOff(settings.zoopla.on)}
          {settings.zoopla.on ? (
            <>
              <p>Branch reference {settings.zoopla.branchReference}</p>
              <p>Sends to {settings.zoopla.endpointHost}</p>
            </>
          ) : null}
        </SettingsCard>
      </div>

      {settings.rightmove.on || settings.zoopla.on ? (
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <input type="hidden" name="intent" value="catch-up" />
          <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
            Send homes not yet on the portals
          </button>
          <span>
            Also done every morning at 05:15: listed homes a portal has never had, and listings that should have gone.
          </span>
        </Form>
      ) : null}

      <h2 className="mt-8 text-lg font-semibold">Files written</h2>
      {exports.length === 0 ? (
        <p className="mt-2 text-slate-700">No BLM file has been written yet.</p>
      ) : (
        <AdminTable
          caption="BLM files written, newest first"
          columns={["File", "Written", "Homes", "Media", "Size", "Where"]}
          className="mt-3"
        >
          {exports.map((file) => (
            <tr key={file.id}>
              <td className={`${adminCell} font-semibold`}>{file.fileName}</td>
              <td className={adminCell}>{formatDateTime(file.createdAt)}</td>
              <td className={adminCell}>{file.propertyCount}</td>
              <td className={adminCell}>{file.mediaCount}</td>
              <td className={adminCell}>{sizeText(file.byteSize)}</td>
              <td className={`${adminCell} break-all text-slate-700`}>{file.location}</td>
            </tr>
          ))}
        </AdminTable>
      )}

      <h2 className="mt-8 text-lg font-semibold">Homes on the portals</h2>
      <Form
        method="get"
        className="mt-3 flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      >
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" name="problems" value="1" defaultChecked={problems} className="size-4" />
          Problems only (rejected or failed)
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Show
        </button>
      </Form>
      {page.items.length === 0 ? (
        <p className="mt-6 text-slate-700">
          {problems ? "No problems: every portal accepted the last request." : "No home has been sent to a portal yet."}
        </p>
      ) : (
        <AdminTable
          caption="Each home on each portal, most recently sent first"
          columns={["Home", "Our status", "Rightmove", "Zoopla", { hidden: "Actions" }]}
          className="mt-4"
        >
          {page.items.map((home) => (
            <tr key={home.projectId}>
              <td className={adminCell}>
                {home.exists ? (
                  <Link to={`/admin-property-details/${home.projectId}`} className={linkClass}>
                    {home.address}
                  </Link>
                ) : (
                  <span className="font-semibold">{home.address}</span>
                )}
                <p className="mt-1">
                  <Link to={`/admin/portals/${home.projectId}`} className={`${linkClass} text-xs`}>
                    History<span className="sr-only"> of {home.address}</span>
                  </Link>
                </p>
              </td>
              <td className={adminCell}>{ourStatusText(home)}</td>
              {home.portals.map((listing) => (
                <PortalCell key={listing.portal} listing={listing} />
              ))}
              <td className={adminCell}>
                {/* A home that can no longer go, but that a portal still shows, can have its removal sent again. */}
                {home.belongsOnPortals || home.portals.some((listing) => listing.state === "live") ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="projectId" value={home.projectId} />
                    <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                      Resend<span className="sr-only"> {home.address}</span>
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <div className="mt-6">
        <Pagination page={page.page} pageCount={page.pageCount} hrefFor={hrefFor} label="Portal pages" />
      </div>
    </section>
  );
}
