// What the Express layer (server/http.ts) hands every loader and action.
import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The client's address as seen through trusted proxies; used for abuse limits and audit. */
    clientIp: string;
  }
}

export {};
