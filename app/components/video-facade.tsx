// A YouTube film that costs nothing until it is wanted: a local poster and a play button. Pressing play
// swaps in the privacy-enhanced (youtube-nocookie.com) player; without JavaScript the button is a link
// to the film on YouTube. Until then the page makes no request to any outside service.
// The page it is on is sent without React's scripts (`handle = { hydrate: false }`), so a few lines of
// plain script, inline with the page's CSP nonce, do the swap; after a client-side navigation React does.
import { type MouseEvent, useContext, useState } from "react";

import { NonceContext } from "../lib/nonce";
import { PlayIcon } from "./ui/icons";

const IFRAME_ALLOW =
  "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen";
const playerUrl = (youtubeId: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0`;

/** The swap without React: the link carries the player's address and title in data attributes. */
const FACADE_SCRIPT = `document.addEventListener("click",function(e){var a=e.target instanceof Element&&e.target.closest("a[data-video-player]");if(!a||e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;e.preventDefault();var f=document.createElement("iframe");f.src=a.dataset.videoPlayer;f.title=a.dataset.videoTitle;f.allow=${JSON.stringify(IFRAME_ALLOW)};f.allowFullscreen=true;f.referrerPolicy="strict-origin-when-cross-origin";f.className=a.dataset.videoFrame;a.replaceWith(f);});`;

type VideoFacadeProps = { youtubeId: string; title: string; poster: string };

export function VideoFacade({ youtubeId, title, poster }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);
  const nonce = useContext(NonceContext);
  const frame =
    "aspect-video w-full overflow-hidden rounded-2xl bg-slate-900 shadow-xl ring-1 shadow-emerald-900/20 ring-slate-900/10";
  if (playing) {
    return (
      <iframe
        src={playerUrl(youtubeId)}
        title={title}
        allow={IFRAME_ALLOW}
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className={frame}
      />
    );
  }
  const play = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let "open in a new tab" and similar work as ordinary link clicks.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setPlaying(true);
  };
  return (
    <>
      <a
        href={`https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`}
        onClick={play}
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
      {/* Runs only when the server sends it; a script React adds in the browser does not run. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: FACADE_SCRIPT }} />
    </>
  );
}
