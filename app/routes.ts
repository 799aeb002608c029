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

  // == Payments (issue 9) ==
  route("payment/success", "routes/payment.success.tsx"),
  route("payment/failed", "routes/payment.failed.tsx"),
  route("payment/:bookingId", "routes/payment.$bookingId.tsx"),
  route("admin/payments", "routes/admin.payments.tsx"),

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
    route("properties/search", "routes/api.v1.properties.search.ts"),
    route("properties/featured", "routes/api.v1.properties.featured.ts"),
    route("properties/:id", "routes/api.v1.properties.$id.ts"),
    // == API: payments (issue 9) ==
    route("stripe/create-payment-intent", "routes/api.v1.stripe.create-payment-intent.ts"),
    route("stripe/confirm-payment", "routes/api.v1.stripe.confirm-payment.ts"),
    route("stripe/payment-history", "routes/api.v1.stripe.payment-history.ts"),
    route("stripe/payment-history/:bookingId", "routes/api.v1.stripe.payment-history.$bookingId.ts"),
    route("stripe/webhook", "routes/api.v1.stripe.webhook.ts"),
  ]),

  // Operations
  route("healthz", "routes/healthz.ts"),
  route("__e2e/crash", "routes/e2e-crash.tsx"),
  // Anything else: the "still being built" 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
