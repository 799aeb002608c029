// The film on /why-choose-us. The page shows a local poster and loads YouTube (its privacy-enhanced
// youtube-nocookie.com player) only when a visitor presses play, so the page itself needs no outside
// service. Replace the id with the agency's own film.
export const PROMO_VIDEO = {
  youtubeId: "aqz-KE-bpKQ",
  title: "See how MoveWise sells your home",
  poster: "/images/why-choose-us-film.svg",
} as const;

/** The origin the film plays from, which the pages' Content-Security-Policy lets them frame. */
export const PROMO_VIDEO_ORIGIN = "https://www.youtube-nocookie.com";
