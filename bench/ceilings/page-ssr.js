// Ceiling for the uncached pages: a bare node:http server that renders each measured page (detail, list,
// search results) with React's renderToString on every request, the real route components inside the real
// layout, with the loader data the running app server gave for the same URLs the uncached load asks for (a
// sample of them, taken in turn: see bench/entries/page-ssr.tsx). Serves /detail, /list and /searchPage.
// Input: PAGE_SSR_MODULE (the built entry), APP_URL (the running app) and PAGE_URLS (JSON: page name → the
// paths of that page to render in turn).
import http from "node:http";

const { captureLoaderData, pageRenderer } = await import(process.env.PAGE_SSR_MODULE);
const pages = JSON.parse(process.env.PAGE_URLS);
const renderers = {};
const bytes = {};
for (const [page, pathnames] of Object.entries(pages)) {
  const each = [];
  for (const pathname of pathnames) {
    const url = new URL(pathname, process.env.APP_URL);
    each.push(await pageRenderer(page, url, await captureLoaderData(url)));
  }
  let turn = 0;
  renderers[page] = () => each[turn++ % each.length]();
  bytes[page] = each.map((render) => Buffer.byteLength(render()));
}
http
  .createServer((req, res) => {
    const render = renderers[req.url.slice(1)];
    if (req.url === "/") {
      // The readiness check, and the size of each page rendered (to set beside the app's own answers).
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify({ bytes }));
    }
    if (!render) {
      res.writeHead(404);
      return res.end();
    }
    const html = render();
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
    res.end(html);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
