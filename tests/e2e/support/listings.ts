import type { APIRequestContext } from "@playwright/test";
import { addDays, londonToday } from "../../../app/modules/viewings/slots";

export type Booking = { id: number; status: string; address: string; price: number; images: { url: string }[]; floor_plans: { url: string }[]; documents: { url: string }[] };

/** A listed home from the public API that satisfies `wanted`. */
export async function findBooking(request: APIRequestContext, wanted: (booking: Booking) => boolean = () => true) {
  const bookings = (await (await request.get("/api/v1/bookings")).json()) as Booking[];
  const booking = bookings.find(wanted);
  if (!booking) throw new Error("No demo listing matches");
  return booking;
}

export const tomorrow = () => addDays(londonToday(), 1);
export const today = () => londonToday();
