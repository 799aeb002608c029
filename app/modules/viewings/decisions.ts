// What may happen to a viewing, as pure rules: the seller (or the agency for them) confirms, declines,
// proposes another slot or cancels; the requester accepts a proposed slot. Anything else is refused with a
// sentence saying why (a 409 at the edges).
import type { ViewingStatus } from "../../generated/prisma/enums";

export const SELLER_ACTIONS = ["confirm", "decline", "propose", "cancel"] as const;
export type SellerAction = (typeof SELLER_ACTIONS)[number];
export type ViewingAction = SellerAction | "accept";

const STATUS_WORDS: Record<ViewingStatus, string> = {
  pending: "still waiting for an answer",
  confirmed: "already confirmed",
  declined: "already declined",
  proposed: "waiting for the requester to answer another time",
  cancelled: "cancelled",
};

/** The status after `action`, or the reason it is refused. `started`: the viewing's slot has begun. */
export function nextViewingStatus(
  status: ViewingStatus,
  action: ViewingAction,
  { started }: { started: boolean },
): { ok: true; status: ViewingStatus } | { ok: false; message: string } {
  const refuse = (what: string) => ({
    ok: false as const,
    message: `This viewing is ${STATUS_WORDS[status]}, so it cannot be ${what}.`,
  });
  switch (action) {
    case "confirm":
      return status === "pending" ? { ok: true, status: "confirmed" } : refuse("confirmed");
    case "decline":
      return status === "pending" ? { ok: true, status: "declined" } : refuse("declined");
    case "propose":
      return status === "pending" || status === "proposed"
        ? { ok: true, status: "proposed" }
        : refuse("moved to another time");
    case "cancel":
      if (status === "confirmed" && started)
        return { ok: false, message: "This viewing has already taken place, so it cannot be cancelled." };
      return status === "confirmed" || status === "proposed" ? { ok: true, status: "cancelled" } : refuse("cancelled");
    case "accept":
      return status === "proposed" ? { ok: true, status: "confirmed" } : { ok: false, message: acceptRefusal(status) };
  }
}

function acceptRefusal(status: ViewingStatus) {
  if (status === "confirmed") return "You have already accepted: this viewing is confirmed.";
  if (status === "cancelled") return "This viewing has been cancelled, so the time can no longer be accepted.";
  return "There is no other time waiting for your answer on this viewing.";
}
