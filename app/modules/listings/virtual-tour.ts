// Virtual tours are embedded only from hosts we trust to frame safely (360 tour and video players);
// any other address is shown as a plain link, so a listing can never frame an arbitrary site.

export type VirtualTour = { kind: "embed"; src: string; provider: string; url: string } | { kind: "link"; url: string };

/** Every origin embedFor() can return: the page's Content-Security-Policy allows frames from these only. */
export const EMBED_ORIGINS = [
  "https://my.matterport.com",
  "https://kuula.co",
  "https://www.kuula.co",
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
];

const YOUTUBE_ID = /^[\w-]{11}$/;

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www|m)\./, "");
  const id =
    host === "youtu.be"
      ? url.pathname.slice(1)
      : host === "youtube.com" || host === "youtube-nocookie.com"
        ? url.pathname === "/watch"
          ? url.searchParams.get("v")
          : url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1]
        : null;
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function embedFor(url: URL): { src: string; provider: string } | null {
  const host = url.hostname.toLowerCase();
  if (host === "my.matterport.com" && url.pathname.startsWith("/show"))
    return { src: url.href, provider: "Matterport" };
  if ((host === "kuula.co" || host === "www.kuula.co") && /^\/(share|post)\//.test(url.pathname))
    return { src: url.href, provider: "Kuula" };
  const youtube = youtubeId(url);
  if (youtube) return { src: `https://www.youtube-nocookie.com/embed/${youtube}`, provider: "YouTube" };
  if (host === "player.vimeo.com" && /^\/video\/\d+$/.test(url.pathname)) return { src: url.href, provider: "Vimeo" };
  const vimeo = host === "vimeo.com" || host === "www.vimeo.com" ? url.pathname.match(/^\/(\d+)$/)?.[1] : null;
  if (vimeo) return { src: `https://player.vimeo.com/video/${vimeo}`, provider: "Vimeo" };
  return null;
}

/** How to show a tour address: an embed for allow-listed https hosts, a link for other http(s) addresses, nothing otherwise. */
export function virtualTourFor(address: string | null | undefined): VirtualTour | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const embed = url.protocol === "https:" && !url.username && !url.password && !url.port ? embedFor(url) : null;
  return embed ? { kind: "embed", ...embed, url: url.href } : { kind: "link", url: url.href };
}
