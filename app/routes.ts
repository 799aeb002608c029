import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("home", "routes/home.tsx", { id: "routes/home-alias" }),
  route("healthz", "routes/healthz.ts"),
  route("__e2e/crash", "routes/e2e-crash.tsx"),
  // Anything else: the "still being built" 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
