// Stand-in for the admin details page (the full page with Add Details and status changes is built
// separately): only the three upload tabs, so the media work can be used and tested on its own.
import { Link, data } from "react-router";
import { MediaTab } from "../components/admin/media-tab";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { requireUser } from "../modules/auth/guards.server";
import { getProjectMedia } from "../modules/media/project-media.server";
import { MEDIA_SECTIONS, SECTION_TITLES, isMediaSection } from "../modules/media/upload-rules";
import { projectAddress } from "../modules/media/uploads.server";
import type { Route } from "./+types/admin-property-details.$bookingId";

export const meta: Route.MetaFunction = () => [{ title: "Property details | MoveWise admin" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const id = parseId(params.bookingId);
  const notFound = () => data({ message: "We couldn't find that property." }, { status: 404 });
  if (!id) throw notFound();
  const address = await projectAddress(id).catch((error: unknown) => {
    throw error instanceof ServiceError ? notFound() : error;
  });
  const tab = new URL(request.url).searchParams.get("tab");
  return { id, address, section: isMediaSection(tab) ? tab : "images", media: await getProjectMedia(id) };
}

export default function AdminPropertyDetails({ loaderData }: Route.ComponentProps) {
  const { id, address, section, media } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/admin-propertylisting" className="text-sm font-semibold text-emerald-800 hover:underline">
        ← Back
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{address}</h1>
      <nav aria-label="Property sections" className="mt-6 flex flex-wrap gap-2 border-b border-slate-200">
        {MEDIA_SECTIONS.map((s) => (
          <Link
            key={s}
            to={`?tab=${s}`}
            aria-current={s === section ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${s === section ? "border-emerald-700 text-emerald-800" : "border-transparent text-slate-700 hover:text-slate-900"}`}
          >
            {SECTION_TITLES[s]}
          </Link>
        ))}
      </nav>
      <div className="mt-6">
        <MediaTab projectId={id} section={section} media={media} />
      </div>
    </section>
  );
}
