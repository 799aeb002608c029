import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React pages load the whole route manifest as one static file (about 5 KB gzipped, cached for a year) instead
  // of asking /__manifest for the routes of each path they link to: that endpoint matched every path of a
  // request against every route, so one 7.6 KB request cost the server 150–250 ms (decision 0025).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
