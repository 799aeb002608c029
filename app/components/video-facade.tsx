// A YouTube film that costs nothing until it is wanted: a local poster and a play button. Without
// JavaScript the button is a link to the film on YouTube; with it, app/browser/video-facade.ts swaps in the
// privacy-enhanced (youtube-nocookie.com) player named by the link's data attributes. Until then the page
// makes no request to any outside service.
import { PlayIcon } from "./ui/icons";

const playerUrl = (youtubeId: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0`;

type VideoFacadeProps = { youtubeId: string; title: string; poster: string };

export function VideoFacade({ youtubeId, title, poster }: VideoFacadeProps) {
  const frame =
    "aspect-video w-full overflow-hidden rounded-2xl bg-slate-900 shadow-xl ring-1 shadow-emerald-900/20 ring-slate-900/10";
  return (
    <a
      href={`https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`}
      data-video-player={playerUrl(youtubeId)}
      data-video-title={title}
      data-video-frame={frame}
      className={`group relative block ${frame} focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-emerald-700`}
    >
      <img
        src={poster}
        alt=""
        width={1280}
        height={720}
        loading="lazy"
        className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
      />
      <span
        aria-hidden="true"
        className="absolute inset-0 bg-slate-950/25 transition-colors group-hover:bg-slate-950/35"
      />
      <span className="absolute inset-0 grid place-items-center">
        <span className="grid size-20 place-items-center rounded-full bg-white text-emerald-800 shadow-2xl transition-transform group-hover:scale-110 sm:size-24">
          <PlayIcon className="ml-1 size-9 sm:size-11" />
        </span>
      </span>
      <span className="absolute inset-x-0 bottom-0 bg-linear-to-t from-slate-950/80 to-transparent px-5 pt-10 pb-4 text-left text-base font-semibold text-white sm:text-lg">
        <span className="sr-only">Play video: </span>
        {title}
      </span>
    </a>
  );
}
