// `a[data-video-player]`: a film that costs nothing until it is wanted. The link (to the film on YouTube,
// which is where it goes without JavaScript) shows a local poster; a click swaps in the privacy-enhanced
// player named by the link's data attributes. Until then the page makes no request to any outside service.
import { type Attach, listeners, modifiedClick } from "./behaviour";

const IFRAME_ALLOW =
  "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen";

export const attach: Attach<HTMLAnchorElement> = (link) => {
  const { signal, detach } = listeners();
  link.addEventListener(
    "click",
    (event) => {
      if (event.defaultPrevented || modifiedClick(event)) return;
      event.preventDefault();
      const frame = Object.assign(link.ownerDocument.createElement("iframe"), {
        src: link.dataset.videoPlayer ?? "",
        title: link.dataset.videoTitle ?? "",
        allow: IFRAME_ALLOW,
        allowFullscreen: true,
        referrerPolicy: "strict-origin-when-cross-origin",
        className: link.dataset.videoFrame ?? "",
      });
      link.replaceWith(frame);
    },
    { signal },
  );
  return detach;
};
