// For end-to-end tests only (the route exists when E2E_TEST_ROUTES=true): a confirmed viewing moved to the
// day before, as if it had taken place, so a journey can record feedback after the slot without waiting a day.
import { addDays, londonToday } from "../../lib/dates";
import { prisma } from "../../lib/db.server";

export async function moveViewingToYesterday(id: number) {
  const moved = await prisma.viewingRequest.updateMany({
    where: { id },
    data: { preferredDate: new Date(`${addDays(londonToday(), -1)}T00:00:00Z`) },
  });
  return moved.count === 1;
}
