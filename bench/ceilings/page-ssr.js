// Ceiling for the uncached pages: a bare node:http server that renders each measured page (detail, list,
// search results) with React's renderToString on every request, the real route components inside the real
// layout, with the loader data the running app server gave for one fixed URL per page (see
// bench/entries/page-ssr.tsx). Serves /detail, /list and /searchPage. Input: PAGE_SSR_MODULE (the built
// entry), APP_URL (the running app) and PAGE_URLS (JSON: page name → the fixed path of that page).
import http from "node:http";

const { captureLoaderData, pageRenderer } = await import(process.env.PAGE_SSR_MODULE);
const pages = JSON.parse(process.env.PAGE_URLS);
const renderers = {};
const bytes = {};
for (const [page, pathname] of Object.entries(pages)) {
  const url = new URL(pathname, process.env.APP_URL);
  renderers[page] = await pageRenderer(page, url, await captureLoaderData(url));
  bytes[page] = Buffer.byteLength(renderers[page]());
}
http
  .createServer((req, res) => {
    const render = renderers[req.url.slice(1)];
    if (req.url === "/") {
      // The readiness check, and the size of each rendered page (to set beside the app's own answer).
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
