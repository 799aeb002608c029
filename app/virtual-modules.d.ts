// Modules made by vite.config.ts.
declare module "virtual:browser-entry-url" {
  /** The address of app/browser/main.ts, bundled with its behaviours (hashed files under /assets/browser). */
  const url: string;
  export default url;
}
