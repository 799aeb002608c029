// The payloads of the portal admin pages and API (/admin/portals, /admin/property page's Portals card).
import { z } from "zod";

import { idField } from "../../lib/ids";

/** The Portals card on the admin property page: the box posts "on" when ticked and nothing when not. */
export const SendToPortalsFormSchema = z.object({
  send_to_portals: z.literal("on", { error: "Tick the box or leave it empty." }).optional(),
});

/** ?problems=1 on /admin/portals and GET /api/v1/admin/portals: only homes a portal refused or that failed. */
export const PortalHomesFilterSchema = z.object({
  problems: z
    .enum(["1", "0"], { error: "problems must be 1 (only rejected or failed) or 0." })
    .optional()
    .meta({ description: "1: only homes whose last request a portal rejected or that failed." }),
});

/** The buttons of /admin/portals. */
export const PortalsPageActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("resend"),
    projectId: idField("Choose a home."),
  }),
  z.object({ intent: z.literal("write-blm") }),
  z.object({ intent: z.literal("catch-up") }),
]);
