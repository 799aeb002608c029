// Import rules between the layers (docs/decisions/0008-layers-and-names.md), checked by `npm run lint`
// (`npm run lint:layers` alone). Type-only imports count: they tie files together just the same.
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "Files must not import each other in a circle, directly or through others.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-stays-below",
      comment:
        "app/lib is the bottom layer (settings, database, HTTP helpers): it imports nothing from modules, " +
        "components, routes or the server. What it needs from above is passed in, or the constant lives in lib.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^(app/(modules|components|routes|browser)/|app/root\\.tsx|server/)" },
    },
    {
      name: "modules-below-the-pages",
      comment: "Services (app/modules) serve routes and components; they never import them, nor the server.",
      severity: "error",
      from: { path: "^app/modules/", pathNot: "^app/modules/[^/]+/(pages|api)/" },
      to: { path: "^(app/(components|routes)/|app/modules/[^/]+/(pages|api)/|app/root\\.tsx|server/)" },
    },
    {
      name: "services-see-only-declarations",
      comment:
        "A service may name its area's declaration (app/edge/declare.ts), never the edge kit that serves it: " +
        "the kit calls the services, not the other way round.",
      severity: "error",
      from: { path: "^app/modules/", pathNot: "^app/modules/[^/]+/(pages|api)/" },
      to: { path: "^app/edge/", pathNot: "^app/edge/declare\\.ts$" },
    },
    {
      name: "area-edge-like-routes",
      comment: "An area's pages/ and api/ are routes: they import no server code and call services, not the database.",
      severity: "error",
      from: { path: "^app/modules/[^/]+/(pages|api)/" },
      to: { path: "^(server/|app/lib/db\\.server\\.ts$)" },
    },
    {
      name: "components-without-server-files",
      comment:
        "Components run in the browser too: they import no *.server file, not even for a type " +
        "(a type the browser needs lives in a file without .server).",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "\\.server\\.tsx?$" },
    },
    {
      name: "database-in-services-only",
      comment: "Routes and components never touch Prisma: they call a service in app/modules.",
      severity: "error",
      from: { path: "^(app/(routes|components)/|app/root\\.tsx)" },
      to: { path: "^app/lib/db\\.server\\.ts$" },
    },
    {
      name: "app-without-server",
      comment: "server/ wraps the app (Express, start-up, command-line tools); the app never imports it.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^app/generated/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
