// A listing's photos on its page: the grid at the top (the cover photo large, two more beside it) and
// the gallery further down (floor plan first, then photos 2 to 5, then '+N more'). Every tile is a link
// to ?photo=N, which opens the lightbox at that item (in place, with the enhancer).
import type { CaptionedImage } from "../../modules/media/images";
import { CameraIcon, FloorPlanIcon, GridIcon } from "../ui/icons";
import type { LinkTo } from "./lightbox";
import { PLACEHOLDER_IMAGE } from "./property-card";

const tile =
  "group relative block overflow-hidden bg-slate-100 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-emerald-700";
const tileImage = "size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]";

export function PhotoGrid({ photos, linkTo }: { photos: CaptionedImage[]; linkTo: LinkTo }) {
  const [cover, ...rest] = photos;
  if (!cover) {
    return (
      <div className="overflow-hidden rounded-2xl border border-slate-200">
        <img
          src={PLACEHOLDER_IMAGE}
          alt="No photos yet"
          width={600}
          height={400}
          className="aspect-[3/2] w-full object-cover sm:aspect-[21/9]"
        />
      </div>
    );
  }
  const side = rest.slice(0, 2);
  return (
    <div className="relative grid gap-2 overflow-hidden rounded-2xl sm:h-[26rem] sm:grid-cols-3 sm:grid-rows-2 lg:h-[30rem]">
      <a {...linkTo(0)} className={`${tile} aspect-[3/2] sm:col-span-2 sm:row-span-2 sm:aspect-auto`}>
        <img
          src={cover.url}
          srcSet={cover.srcSet}
          sizes="(min-width: 1280px) 840px, (min-width: 640px) 66vw, 100vw"
          alt={cover.alt}
          width={cover.width ?? undefined}
          height={cover.height ?? undefined}
          fetchPriority="high"
          className={tileImage}
        />
      </a>
      {side.map((photo, i) => (
        <a key={photo.url} {...linkTo(i + 1)} className={`${tile} hidden sm:block`}>
          <img
            src={photo.url}
            srcSet={photo.srcSet}
            sizes="(min-width: 1280px) 420px, 33vw"
            alt={photo.alt}
            width={photo.width ?? undefined}
            height={photo.height ?? undefined}
            loading="lazy"
            className={tileImage}
          />
        </a>
      ))}
      <a
        {...linkTo(0)}
        className="absolute right-3 bottom-3 inline-flex items-center gap-2 rounded-lg bg-white/95 px-3 py-2 text-sm font-semibold text-slate-900 shadow-lg ring-1 ring-slate-900/10 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      >
        <GridIcon className="size-4 text-emerald-700" />
        View all {photos.length} {photos.length === 1 ? "photo" : "photos"}
      </a>
    </div>
  );
}

/** The gallery section: floor plan(s), then photos 2 to 5; the fifth tile counts what is not shown. */
export function MediaGallery({
  photos,
  floorPlans,
  linkTo,
}: {
  photos: CaptionedImage[];
  floorPlans: CaptionedImage[];
  linkTo: LinkTo;
}) {
  const shown = photos.slice(1, 5);
  const hidden = photos.length - 5;
  if (!floorPlans.length && !shown.length) return null;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {floorPlans.map((plan, i) => (
        <li key={plan.url}>
          <a
            {...linkTo(photos.length + i)}
            className={`${tile} aspect-[4/3] rounded-xl border border-slate-200 bg-white`}
          >
            <img
              src={plan.url}
              srcSet={plan.srcSet}
              sizes="(min-width: 1024px) 260px, 50vw"
              alt={plan.alt}
              loading="lazy"
              className="size-full object-contain p-2"
            />
            <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-md bg-emerald-700 px-2 py-1 text-xs font-semibold text-white">
              <FloorPlanIcon className="size-4" />
              Floor plan
            </span>
          </a>
        </li>
      ))}
      {shown.map((photo, i) => {
        const last = i === shown.length - 1 && hidden > 0;
        return (
          <li key={photo.url}>
            <a {...linkTo(last ? 5 : i + 1)} className={`${tile} aspect-[4/3] rounded-xl`}>
              <img
                src={photo.url}
                srcSet={photo.srcSet}
                sizes="(min-width: 1024px) 260px, 50vw"
                alt={photo.alt}
                width={photo.width ?? undefined}
                height={photo.height ?? undefined}
                loading="lazy"
                className={tileImage}
              />
              {last ? (
                <span className="absolute inset-0 grid place-items-center bg-slate-950/65 text-lg font-bold text-white">
                  <span className="inline-flex items-center gap-2">
                    <CameraIcon className="size-5" />+{hidden} more
                    <span className="sr-only">{hidden === 1 ? "photo" : "photos"}</span>
                  </span>
                </span>
              ) : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
