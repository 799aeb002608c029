import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("home", "routes/home.tsx", { id: "routes/home-alias" }),

  // == Public site (issue 4) ==

  // == Listings and viewings (issue 5) ==

  // Search and buyer tools
  route("calculators", "routes/calculators.tsx"),

  // Accounts
  route("signup", "routes/signup.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),

  // == Vendor journey (issue 7) ==
  route("vendor-property-details", "routes/vendor-property-details.tsx"),
  route("success", "routes/success.tsx"),
  route("sign-contract/:bookingId", "routes/sign-contract.tsx"),
  route("sign-contract/:bookingId/contract.pdf", "routes/sign-contract.pdf.ts"),
  route("view-a-property/:bookingId", "routes/view-a-property.tsx"),
  route("vendor-propertylisting/:bookingId/delete", "routes/vendor-propertylisting.delete.tsx"),

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
    // == API: listings and viewings (issue 5) ==
    route("address/search-postcode", "routes/api.v1.address.search-postcode.ts"),
    route("address/get-address", "routes/api.v1.address.get-address.ts"),
    // == API: vendor (issue 7) ==
    route("vendor/bookings", "routes/api.v1.vendor.bookings.ts"),
    route("vendor/bookings/:id", "routes/api.v1.vendor.bookings.$id.ts"),
  ]),

  // Operations
  route("healthz", "routes/healthz.ts"),
  route("__e2e/crash", "routes/e2e-crash.tsx"),
  // Anything else: the "still being built" 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
