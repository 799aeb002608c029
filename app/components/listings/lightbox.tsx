// The photo viewer. The open photo can be named in the URL (?photo=3), so without JavaScript the viewer
// is a page of plain links; with it, the same links open a modal dialog at once, and arrow keys,
// Escape and the buttons move through the photos (wrapping round) without a round trip.
import { type MouseEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { CaptionedImage } from "../../modules/media/images";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "../ui/icons";
import { ModalDialog } from "../ui/modal-dialog";

const PHOTO_PARAM = "photo";

/** State for a page with a lightbox over `path`: the open index, and props for links that open it. */
export function useLightbox(path: string, count: number) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requested = Number(params.get(PHOTO_PARAM));
  const [index, setIndex] = useState<number | null>(Number.isInteger(requested) && requested >= 1 && requested <= count ? requested - 1 : null);
  const hrefFor = (i: number | null) => (i === null ? path : `${path}?${PHOTO_PARAM}=${i + 1}`);
  const select = (i: number | null) => {
    setIndex(i);
    // Closing a viewer opened from a shared ?photo= link leaves the plain address behind.
    if (i === null && params.has(PHOTO_PARAM)) navigate(path, { replace: true, preventScrollReset: true });
  };
  const linkTo = (i: number | null) => ({
    to: hrefFor(i),
    preventScrollReset: true,
    onClick: (event: MouseEvent) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      select(i);
    },
  });
  return { index, select, linkTo };
}

type LightboxProps = {
  items: CaptionedImage[];
  /** The open item (0-based), or null when the viewer is closed. */
  index: number | null;
  select: (index: number | null) => void;
  linkTo: ReturnType<typeof useLightbox>["linkTo"];
};

const control =
  "grid size-12 place-items-center rounded-full bg-white/10 text-white ring-1 ring-white/30 transition-colors hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

export function Lightbox({ items, index, select, linkTo }: LightboxProps) {
  const count = items.length;
  const open = index !== null && index < count;
  const current = open ? index : 0;
  const previous = (current - 1 + count) % count;
  const next = (current + 1) % count;
  const item = items[current];
  if (!item) return null;

  return (
    <ModalDialog
      open={open}
      onClose={() => select(null)}
      labelledBy="lightbox-caption"
      className="fixed inset-0 z-50 m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950/95 text-white"
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") select(previous);
        if (event.key === "ArrowRight") select(next);
      }}
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
            <p className="text-sm font-semibold tabular-nums" aria-live="polite">
              Photo {current + 1} of {count}
            </p>
            <Link {...linkTo(null)} replace className={control} aria-label="Close photo viewer">
              <CloseIcon className="size-6" />
            </Link>
          </div>
          <figure className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 px-4 pb-6 sm:px-20">
            <img
              key={item.url}
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
              <Link {...linkTo(previous)} replace className={`${control} sm:pointer-events-auto`} aria-label="Previous photo">
                <ChevronLeftIcon className="size-6" />
              </Link>
              <Link {...linkTo(next)} replace className={`${control} sm:pointer-events-auto`} aria-label="Next photo">
                <ChevronRightIcon className="size-6" />
              </Link>
            </div>
          ) : null}
        </div>
      ) : null}
    </ModalDialog>
  );
}
