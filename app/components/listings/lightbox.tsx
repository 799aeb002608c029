// The photo viewer. The open photo is named in the URL (?photo=3): without JavaScript the viewer is a
// page of plain links, rendered open by the server. The page is sent without React (docs/decisions/0002), so with
// JavaScript app/browser/lightbox.ts makes the same markup a modal dialog: the links to
// ?photo=N open it at once, and arrow keys, Escape and the buttons move through the photos (wrapping
// round) without a round trip, keeping ?photo= in the address. It reads the photos from data-lightbox.
import type { CaptionedImage } from "../../modules/media/images";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "../ui/icons";

const PHOTO_PARAM = "photo";

/** The open photo (0-based) named by `?photo=`, or null. */
export function requestedPhoto(params: URLSearchParams, count: number): number | null {
  const requested = Number(params.get(PHOTO_PARAM));
  return Number.isInteger(requested) && requested >= 1 && requested <= count ? requested - 1 : null;
}

/** Props for a link that opens the viewer at item `i` (the enhancer opens it in place). */
export function photoLink(path: string, i: number) {
  return { href: `${path}?${PHOTO_PARAM}=${i + 1}`, "data-photo": i };
}

export type LinkTo = (i: number) => ReturnType<typeof photoLink>;

const control =
  "grid size-12 place-items-center rounded-full bg-white/10 text-white ring-1 ring-white/30 transition-colors hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

export function Lightbox({ items, index, path }: { items: CaptionedImage[]; index: number | null; path: string }) {
  const count = items.length;
  const current = index ?? 0;
  const previous = (current - 1 + count) % count;
  const next = (current + 1) % count;
  const item = items[current];
  if (!item) return null;
  const photos = items.map(({ url, srcSet, alt, caption }) => ({ url, srcSet, alt, caption }));
  return (
    <dialog
      id="lightbox"
      open={index !== null ? true : undefined}
      aria-labelledby="lightbox-caption"
      data-lightbox={JSON.stringify(photos)}
      data-index={current}
      className="fixed inset-0 z-50 m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950/95 p-0 text-white backdrop:bg-slate-950/70"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <p className="text-sm font-semibold tabular-nums" aria-live="polite" data-counter>
            Photo {current + 1} of {count}
          </p>
          <a href={path} data-close className={control} aria-label="Close photo viewer">
            <CloseIcon className="size-6" />
          </a>
        </div>
        <figure className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 px-4 pb-6 sm:px-20">
          <img
            src={item.url}
            srcSet={item.srcSet}
            sizes="(min-width: 640px) calc(100vw - 10rem), 100vw"
            alt={item.alt}
            className="max-h-[calc(100dvh-11rem)] w-auto max-w-full rounded-lg bg-white object-contain shadow-2xl"
          />
          <figcaption id="lightbox-caption" className="text-center text-sm text-slate-100">
            {item.caption}
          </figcaption>
        </figure>
        {count > 1 ? (
          <div className="flex justify-center gap-6 pb-6 sm:pointer-events-none sm:absolute sm:inset-x-4 sm:top-1/2 sm:-translate-y-1/2 sm:justify-between sm:pb-0">
            <a
              {...photoLink(path, previous)}
              data-step="-1"
              className={`${control} sm:pointer-events-auto`}
              aria-label="Previous photo"
            >
              <ChevronLeftIcon className="size-6" />
            </a>
            <a
              {...photoLink(path, next)}
              data-step="1"
              className={`${control} sm:pointer-events-auto`}
              aria-label="Next photo"
            >
              <ChevronRightIcon className="size-6" />
            </a>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
