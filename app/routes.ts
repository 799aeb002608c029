import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("home", "routes/home.tsx", { id: "routes/home-alias" }),

  // == Public site ==
  route("why-choose-us", "routes/why-choose-us.tsx"),
  route("about", "routes/about.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("valuation", "routes/valuation.tsx"),
  route("admin/valuations", "routes/admin.valuations.tsx"),
  route("admin/valuations/:id", "routes/admin.valuations.$id.tsx"),
  route("admin/messages", "routes/admin.messages.tsx"),
  route("admin/messages/:id", "routes/admin.messages.$id.tsx"),

  // == Listings and viewings ==
  route("view-properties", "routes/view-properties.tsx"),
  route("view-properties/:bookingId", "routes/view-properties.$bookingId.tsx"),
  route("view-properties/:bookingId/request-viewing", "routes/view-properties.$bookingId.request-viewing.tsx"),
  route("admin/viewings", "routes/admin.viewings.tsx"),
  route("img/:width/*", "routes/img.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),

  // Search and buyer tools
  route("property-search", "routes/property-search.tsx"),
  route("calculators", "routes/calculators.tsx"),

  // Accounts
  route("signup", "routes/signup.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("unlock-account", "routes/unlock-account.tsx"),

  // == Vendor journey ==
  route("vendor-property-details", "routes/vendor-property-details.tsx"),
  route("success", "routes/success.tsx"),
  route("sign-contract/:bookingId", "routes/sign-contract.tsx"),
  route("sign-contract/:bookingId/contract.pdf", "routes/sign-contract.pdf.ts"),
  route("view-a-property/:bookingId", "routes/view-a-property.tsx"),
  route("vendor-propertylisting/:bookingId/delete", "routes/vendor-propertylisting.delete.tsx"),
  // == Payments ==
  route("payment/success", "routes/payment.success.tsx"),
  route("payment/failed", "routes/payment.failed.tsx"),
  route("payment/:bookingId", "routes/payment.$bookingId.tsx"),
  route("admin/payments", "routes/admin.payments.tsx"),

  // == Admin back office ==
  route("admin-create-property", "routes/admin-create-property.tsx"),
  route("admin-property-details", "routes/admin-property-details.tsx"),
  route("admin-property-details/:bookingId", "routes/admin-property-details.$bookingId.tsx"),
  route("admin-property-details/:bookingId/media", "routes/admin-property-details.$bookingId.media.tsx"),
  route("admin-propertylisting/:bookingId/delete", "routes/admin-propertylisting.delete.tsx"),
  route("media/*", "routes/media.ts"),

  // Dashboards
  route("admin-propertylisting", "routes/admin-propertylisting.tsx"),

  route("vendor-propertylisting", "routes/vendor-propertylisting.tsx"),

  // JSON API
  ...prefix("api/v1", [
    route("auth/signup", "routes/api.v1.auth.signup.ts"),
    route("auth/signin", "routes/api.v1.auth.signin.ts"),
    route("auth/logout", "routes/api.v1.auth.logout.ts"),
    route("auth/me", "routes/api.v1.auth.me.ts"),
    route("auth/verify-email", "routes/api.v1.auth.verify-email.ts"),
    route("auth/resend-verification", "routes/api.v1.auth.resend-verification.ts"),
    route("auth/forgot-password", "routes/api.v1.auth.forgot-password.ts"),
    route("auth/reset-password", "routes/api.v1.auth.reset-password.ts"),
    route("auth/change-password", "routes/api.v1.auth.change-password.ts"),
    // == API: public site ==
    route("contact-us", "routes/api.v1.contact-us.ts"),
    route("valuation/request", "routes/api.v1.valuation.request.ts"),
    route("valuation/requests", "routes/api.v1.valuation.requests.ts"),
    route("valuation/request/:id", "routes/api.v1.valuation.request.$id.ts"),
    // == API: listings and viewings ==
    route("bookings", "routes/api.v1.bookings.ts"),
    route("bookings/:id", "routes/api.v1.bookings.$id.ts"),
    route("viewings/request", "routes/api.v1.viewings.request.ts"),
    // Search and addresses
    route("address/search-postcode", "routes/api.v1.address.search-postcode.ts"),
    route("address/get-address", "routes/api.v1.address.get-address.ts"),
    route("properties/search", "routes/api.v1.properties.search.ts"),
    route("properties/featured", "routes/api.v1.properties.featured.ts"),
    route("properties/viewing-request", "routes/api.v1.properties.viewing-request.ts"),
    route("properties/viewing-requests", "routes/api.v1.properties.viewing-requests.ts"),
    route("properties/:id", "routes/api.v1.properties.$id.ts"),
    // == API: vendor ==
    route("vendor/bookings", "routes/api.v1.vendor.bookings.ts"),
    route("vendor/bookings/:id", "routes/api.v1.vendor.bookings.$id.ts"),
    route("vendor/bookings/:id/contract", "routes/api.v1.vendor.bookings.$id.contract.ts"),
    // == API: payments ==
    route("stripe/create-payment-intent", "routes/api.v1.stripe.create-payment-intent.ts"),
    route("stripe/confirm-payment", "routes/api.v1.stripe.confirm-payment.ts"),
    route("stripe/payment-history", "routes/api.v1.stripe.payment-history.ts"),
    route("stripe/payment-history/:bookingId", "routes/api.v1.stripe.payment-history.$bookingId.ts"),
    route("stripe/webhook", "routes/api.v1.stripe.webhook.ts"),
    // == API: admin back office ==
    route("admin/projects", "routes/api.v1.admin.projects.ts"),
    route("admin/projects/create", "routes/api.v1.admin.projects.create.ts"),
    route("admin/projects/:id", "routes/api.v1.admin.projects.$id.ts"),
    route("admin/projects/:id/mark-completed", "routes/api.v1.admin.projects.$id.mark.ts", {
      id: "routes/api.v1.admin.projects.$id.mark-completed",
    }),
    route("admin/projects/:id/mark-sold", "routes/api.v1.admin.projects.$id.mark.ts", {
      id: "routes/api.v1.admin.projects.$id.mark-sold",
    }),
    route("admin/projects/:id/upload", "routes/api.v1.admin.projects.$id.upload.ts"),
    route("admin/projects/:id/files", "routes/api.v1.admin.projects.$id.files.ts"),
    route("admin/projects/:id/images/:imageId", "routes/api.v1.admin.projects.$id.images.$imageId.ts"),
    route("admin/jobs", "routes/api.v1.admin.jobs.ts"),
    route("admin/jobs/:id/retry", "routes/api.v1.admin.jobs.$id.action.ts", {
      id: "routes/api.v1.admin.jobs.$id.retry",
    }),
    route("admin/jobs/:id/cancel", "routes/api.v1.admin.jobs.$id.action.ts", {
      id: "routes/api.v1.admin.jobs.$id.cancel",
    }),
    route("admin/projects/:id/payment-link", "routes/api.v1.admin.projects.$id.payment-link.ts"),
    // == API: reference and tokens ==
    route("openapi.json", "routes/api.v1.openapi.ts"),
    // Unknown /api/v1 paths answer JSON, not the HTML 404 page.
    route("*", "routes/api.v1.not-found.ts"),
  ]),
  route("api/docs", "routes/api.docs.tsx"),
  route("admin/api-tokens", "routes/admin.api-tokens.tsx"),

  // Operations
  route("healthz", "routes/healthz.ts"),
  // == Security, privacy and operations ==
  route("csp-report", "routes/csp-report.ts"),
  route("account", "routes/account.tsx"),
  route("account/data.json", "routes/account.data.ts"),
  route("admin/audit", "routes/admin.audit.tsx"),
  route("admin/jobs", "routes/admin.jobs.tsx"),
  route("__e2e/crash", "routes/e2e-crash.tsx"),
  // Anything else: the "still being built" 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
