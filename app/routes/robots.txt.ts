import { getEnv } from "../lib/env.server";

/** Search engines may index the public site; dashboards, account pages, forms and the API are not for them. */
export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /admin-",
    "Disallow: /vendor-",
    "Disallow: /api/",
    "Disallow: /login",
    "Disallow: /signup",
    "Disallow: /payment/",
    "Disallow: /sign-contract/",
    "Disallow: /saved-homes",
    "Disallow: /my-home-search",
    "Disallow: /*/request-viewing",
    "",
    `Sitemap: ${getEnv().PUBLIC_URL}/sitemap.xml`,
  ];
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
