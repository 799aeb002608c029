// One upload tab of the admin's project page. (Minimal read-only version: the uploads work replaces this
// file with the full one, keeping this signature.)
import type { ProjectMedia } from "../../modules/media/project-media.server";

type Section = "images" | "floorplans" | "documents";

const TITLES: Record<Section, string> = { images: "Images", floorplans: "Floor plans", documents: "Documents" };

export function MediaTab({ section, media }: { projectId: number; section: Section; media: ProjectMedia }) {
  const items =
    section === "images"
      ? media.images.map((i) => ({ id: i.id, url: i.url, label: i.altText || i.fileName }))
      : section === "floorplans"
        ? media.floorPlans.map((f) => ({ id: f.id, url: f.url, label: f.fileName }))
        : media.documents.map((d) => ({ id: d.id, url: d.url, label: `${d.name} (${d.type})` }));
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{TITLES[section]}</h2>
      {items.length ? (
        <ul className="mt-4 space-y-2">
          {items.map((item) => (
            <li key={item.id}>
              <a href={item.url} className="font-medium text-emerald-800 underline underline-offset-2">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">No {TITLES[section].toLowerCase()} yet.</p>
      )}
    </div>
  );
}
