import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("home", "routes/home.tsx", { id: "routes/home-alias" }),

  // == Public site (issue 4) ==
  route("why-choose-us", "routes/why-choose-us.tsx"),
  route("about", "routes/about.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("valuation", "routes/valuation.tsx"),
  route("admin/valuations", "routes/admin.valuations.tsx"),
  route("admin/valuations/:id", "routes/admin.valuations.$id.tsx"),
  route("admin/messages", "routes/admin.messages.tsx"),
  route("admin/messages/:id", "routes/admin.messages.$id.tsx"),

  // == Listings and viewings (issue 5) ==

  // Accounts
  route("signup", "routes/signup.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),

  // Dashboards
  route("admin-propertylisting", "routes/admin-propertylisting.tsx"),
  route("vendor-propertylisting", "routes/vendor-propertylisting.tsx"),

  // JSON API
  ...prefix("api/v1", [
    route("auth/signup", "routes/api.v1.auth.signup.ts"),
    route("auth/signin", "routes/api.v1.auth.signin.ts"),
    route("auth/logout", "routes/api.v1.auth.logout.ts"),
    route("auth/me", "routes/api.v1.auth.me.ts"),
    // == API: public site (issue 4) ==
    route("contact-us", "routes/api.v1.contact-us.ts"),
    route("valuation/request", "routes/api.v1.valuation.request.ts"),
    route("valuation/requests", "routes/api.v1.valuation.requests.ts"),
    route("valuation/request/:id", "routes/api.v1.valuation.request.$id.ts"),
    // == API: listings and viewings (issue 5) ==
  ]),

  // Operations
  route("healthz", "routes/healthz.ts"),
  route("__e2e/crash", "routes/e2e-crash.tsx"),
  // Anything else: the "still being built" 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
