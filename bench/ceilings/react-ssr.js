// Ceiling for the pages: a bare node:http server that renders the search results' 12 property cards
// with React's renderToString on every request (the real PropertyCard, built from the app's source).
import http from "node:http";

const { renderSearchResults, sampleListings } = await import(process.env.SEARCH_CARDS_MODULE);
const listings = sampleListings(12);
http
  .createServer((req, res) => {
    const html = renderSearchResults(listings);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
    res.end(html);
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("listening"));
