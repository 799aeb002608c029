import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

import { routeEntries } from "./edge/route-entries";

// Grouped by area. A route's path is the address the specification gives it; its parameter names are the
// app's own (`:projectId` for the one record a home sale lives in), except under /api/v1, where they are
// the published API's (docs/decisions/0008-layers-and-names.md).
export default [
  // The areas that declare their pages and endpoints (app/edge/areas.ts); the rest are listed by hand below.
  ...routeEntries(),

  // Public site
  index("routes/home.tsx"),
  route("home", "routes/home.tsx", { id: "routes/home-alias" }),
  route("why-choose-us", "routes/why-choose-us.tsx"),
  route("about", "routes/about.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("valuation", "routes/valuation.tsx"),
  route("calculators", "routes/calculators.tsx"),

  // Listings, search and viewings
  route("view-properties", "routes/view-properties.tsx"),
  route("view-properties/:projectId", "routes/view-properties.$projectId.tsx"),
  route("view-properties/:projectId/request-viewing", "routes/view-properties.$projectId.request-viewing.tsx"),
  route("property-search", "routes/property-search.tsx"),
  route("img/:width/*", "routes/img.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),

  // Accounts
  route("signup", "routes/signup.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("unlock-account", "routes/unlock-account.tsx"),
  route("account", "routes/account.tsx"),
  route("account/data.json", "routes/account.data.ts"),

  // Buyers: the dashboard, and stopping a saved search's alerts from its email
  route("my-home-search", "routes/my-home-search.tsx"),
  route("alerts/unsubscribe", "routes/alerts.unsubscribe.tsx"),

  // Vendor: from the property's details to the signed contract
  route("vendor-property-details", "routes/vendor-property-details.tsx"),
  route("success", "routes/success.tsx"),
  route("vendor-propertylisting", "routes/vendor-propertylisting.tsx"),
  route("view-a-property/:projectId", "routes/view-a-property.tsx"),
  route("vendor-propertylisting/:projectId/delete", "routes/vendor-propertylisting.delete.tsx"),
  route("sign-contract/:projectId", "routes/sign-contract.tsx"),
  route("sign-contract/:projectId/contract.pdf", "routes/sign-contract.pdf.ts"),
  // The seller approves the listing as buyers will see it (the agency asks, and sees their requests)
  route("view-a-property/:projectId/approval", "routes/view-a-property.$projectId.approval.tsx"),

  // Viewings for the seller (issue 24, lane A): the seller's tab, the requester's emailed links, feedback, calendar
  route("view-a-property/:projectId/viewings", "routes/view-a-property.$projectId.viewings.tsx"),
  route("viewings/:id/respond", "routes/viewings.$id.respond.tsx"),
  route("viewings/:id/feedback", "routes/viewings.$id.feedback.tsx"),
  route("admin/viewings/:id/feedback", "routes/admin.viewings.$id.feedback.tsx"),
  route("admin/calendar", "routes/admin.calendar.tsx"),
  // Offers (issue 24, lane B): making one from the property page, the buyer's offers, the seller's Offers tab,
  // and the proof of funds download for the seller and the agency
  route("view-properties/:projectId/offer", "routes/view-properties.$projectId.offer.tsx"),
  route("my-offers", "routes/my-offers.tsx"),
  route("my-checks", "routes/my-checks.tsx"),
  route("view-a-property/:projectId/offers", "routes/view-a-property.$projectId.offers.tsx"),
  route("offers/:offerId/proof-of-funds", "routes/offers.$offerId.proof-of-funds.ts"),

  // Payments
  route("payment/success", "routes/payment.success.tsx"),
  route("payment/failed", "routes/payment.failed.tsx"),
  route("payment/:projectId", "routes/payment.$projectId.tsx"),

  // Admin back office: projects, inboxes, payments, operations
  route("admin-propertylisting", "routes/admin-propertylisting.tsx"),
  route("admin-create-property", "routes/admin-create-property.tsx"),
  route("admin-property-details", "routes/admin-property-details.tsx"),
  route("admin-property-details/:projectId", "routes/admin-property-details.$projectId.tsx"),
  route("admin-property-details/:projectId/media", "routes/admin-property-details.$projectId.media.tsx"),
  route("admin-propertylisting/:projectId/delete", "routes/admin-propertylisting.delete.tsx"),
  route("media/*", "routes/media.ts"),
  route("admin/viewings", "routes/admin.viewings.tsx"),
  route("admin/valuations", "routes/admin.valuations.tsx"),
  route("admin/valuations/:id", "routes/admin.valuations.$id.tsx"),
  route("admin/messages", "routes/admin.messages.tsx"),
  route("admin/messages/:id", "routes/admin.messages.$id.tsx"),
  route("admin/payments", "routes/admin.payments.tsx"),
  route("admin/api-tokens", "routes/admin.api-tokens.tsx"),
  route("admin/audit", "routes/admin.audit.tsx"),
  route("admin/complaints", "routes/admin.complaints.tsx"),
  route("admin/jobs", "routes/admin.jobs.tsx"),
  route("admin/backups", "routes/admin.backups.tsx"),
  route("admin/backups/:fileName", "routes/admin.backups.$fileName.ts"),
  // Portal listings: each home's state on Rightmove and Zoopla, and its history
  route("admin/portals", "routes/admin.portals.tsx"),
  route("admin/portals/:projectId", "routes/admin.portals.$projectId.tsx"),
  route("admin/checks", "routes/admin.checks.tsx"),
  route("admin/checks/new", "routes/admin.checks.new.tsx"),
  route("admin/checks/:checkId", "routes/admin.checks.$checkId.tsx"),
  route("admin/suspicious-activity", "routes/admin.suspicious-activity.tsx"),
  route("admin/officer", "routes/admin.officer.tsx"),

  // Sales progression (issue 24, lane C): the seller's Sale progress tab, the buyer's purchase, the memorandum
  route("view-a-property/:projectId/sale", "routes/view-a-property.$projectId.sale.tsx"),
  route("my-offers/:offerId/progress", "routes/my-offers.$offerId.progress.tsx"),
  route("sales/:saleId/memorandum.pdf", "routes/sales.$saleId.memorandum.pdf.ts"),

  // JSON API
  ...prefix("api/v1", [
    // The seller's approval of the listing, and the complaints log
    route("vendor/bookings/:id/approval", "routes/api.v1.vendor.bookings.$id.approval.ts"),
    route("admin/projects/:id/approval-request", "routes/api.v1.admin.projects.$id.approval-request.ts"),
    route("admin/complaints", "routes/api.v1.admin.complaints.ts"),
    route("admin/complaints/:id", "routes/api.v1.admin.complaints.$id.ts"),
    // Accounts
    route("auth/signup", "routes/api.v1.auth.signup.ts"),
    route("auth/signin", "routes/api.v1.auth.signin.ts"),
    route("auth/logout", "routes/api.v1.auth.logout.ts"),
    route("auth/me", "routes/api.v1.auth.me.ts"),
    route("auth/verify-email", "routes/api.v1.auth.verify-email.ts"),
    route("auth/resend-verification", "routes/api.v1.auth.resend-verification.ts"),
    route("auth/forgot-password", "routes/api.v1.auth.forgot-password.ts"),
    route("auth/reset-password", "routes/api.v1.auth.reset-password.ts"),
    route("auth/change-password", "routes/api.v1.auth.change-password.ts"),
    // Enquiries: contact messages, valuation and viewing requests
    route("contact-us", "routes/api.v1.contact-us.ts"),
    route("valuation/request", "routes/api.v1.valuation.request.ts"),
    route("valuation/requests", "routes/api.v1.valuation.requests.ts"),
    route("valuation/request/:id", "routes/api.v1.valuation.request.$id.ts"),
    route("viewings/request", "routes/api.v1.viewings.request.ts"),
    route("properties/viewing-request", "routes/api.v1.properties.viewing-request.ts"),
    route("properties/viewing-requests", "routes/api.v1.properties.viewing-requests.ts"),
    // Listings, search and addresses
    route("bookings", "routes/api.v1.bookings.ts"),
    route("bookings/:id", "routes/api.v1.bookings.$id.ts"),
    route("properties/search", "routes/api.v1.properties.search.ts"),
    route("properties/featured", "routes/api.v1.properties.featured.ts"),
    route("properties/:id", "routes/api.v1.properties.$id.ts"),
    route("address/search-postcode", "routes/api.v1.address.search-postcode.ts"),
    route("address/get-address", "routes/api.v1.address.get-address.ts"),
    // Vendor
    route("vendor/bookings", "routes/api.v1.vendor.bookings.ts"),
    route("vendor/bookings/:id", "routes/api.v1.vendor.bookings.$id.ts"),
    route("vendor/bookings/:id/contract", "routes/api.v1.vendor.bookings.$id.contract.ts"),
    // Viewings for the seller (issue 24, lane A)
    route("vendor/bookings/:id/viewings", "routes/api.v1.vendor.bookings.$id.viewings.ts"),
    route("vendor/bookings/:id/viewings/:viewingId", "routes/api.v1.vendor.bookings.$id.viewings.$viewingId.ts"),
    route("admin/viewings/:id/feedback", "routes/api.v1.admin.viewings.$id.feedback.ts"),
    // Offers (issue 24, lane B)
    route("properties/:id/offers", "routes/api.v1.properties.$id.offers.ts"),
    route("offers", "routes/api.v1.offers.ts"),
    route("offers/:id", "routes/api.v1.offers.$id.ts"),
    route("offers/:id/proof-of-funds", "routes/api.v1.offers.$id.proof-of-funds.ts"),
    route("vendor/bookings/:id/offers", "routes/api.v1.vendor.bookings.$id.offers.ts"),
    route("vendor/bookings/:id/offers/:offerId", "routes/api.v1.vendor.bookings.$id.offers.$offerId.ts"),
    // Payments
    route("stripe/create-payment-intent", "routes/api.v1.stripe.create-payment-intent.ts"),
    route("stripe/confirm-payment", "routes/api.v1.stripe.confirm-payment.ts"),
    route("stripe/payment-history", "routes/api.v1.stripe.payment-history.ts"),
    route("stripe/payment-history/:bookingId", "routes/api.v1.stripe.payment-history.$bookingId.ts"),
    route("stripe/webhook", "routes/api.v1.stripe.webhook.ts"),
    // Admin back office
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
    route("admin/projects/:id/payment-link", "routes/api.v1.admin.projects.$id.payment-link.ts"),
    // Sales progression (issue 24, lane C)
    route("admin/projects/:id/progression", "routes/api.v1.admin.projects.$id.progression.ts"),
    route("admin/projects/:id/checks", "routes/api.v1.admin.projects.$id.checks.ts"),
    route("admin/checks/:id", "routes/api.v1.admin.checks.$id.ts"),
    route("checks", "routes/api.v1.checks.ts"),
    route("admin/jobs", "routes/api.v1.admin.jobs.ts"),
    route("admin/jobs/:id/retry", "routes/api.v1.admin.jobs.$id.action.ts", {
      id: "routes/api.v1.admin.jobs.$id.retry",
    }),
    route("admin/jobs/:id/cancel", "routes/api.v1.admin.jobs.$id.action.ts", {
      id: "routes/api.v1.admin.jobs.$id.cancel",
    }),
    // Portals: the Rightmove BLM file, each home's state on the portals, resend
    route("admin/feeds/rightmove.zip", "routes/api.v1.admin.feeds.rightmove-zip.ts"),
    route("admin/portals", "routes/api.v1.admin.portals.ts"),
    route("admin/portals/:projectId", "routes/api.v1.admin.portals.$projectId.ts"),
    route("admin/portals/:projectId/resend", "routes/api.v1.admin.portals.$projectId.resend.ts"),
    // Reference
    route("openapi.json", "routes/api.v1.openapi.ts"),
    // Unknown /api/v1 paths answer JSON, not the HTML 404 page.
    route("*", "routes/api.v1.not-found.ts"),
  ]),
  route("api/docs", "routes/api.docs.tsx"),

  // Operations
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
  route("csp-report", "routes/csp-report.ts"),
  route("__e2e/crash", "routes/e2e-crash.tsx"),
  // Anything else: the "still being built" 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
