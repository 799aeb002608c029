import type { APIRequestContext, Page } from "@playwright/test";

import { addDays, londonToday } from "../../../app/lib/dates";

export type Booking = {
  id: number;
  status: string;
  address: string;
  price: number;
  images: { url: string }[];
  floor_plans: { url: string }[];
  documents: { url: string }[];
};

/** A listed home from the public API that satisfies `wanted`. */
export async function findBooking(request: APIRequestContext, wanted: (booking: Booking) => boolean = () => true) {
  const bookings = (await (await request.get("/api/v1/bookings")).json()) as Booking[];
  const booking = bookings.find(wanted);
  if (!booking) throw new Error("No demo listing matches");
  return booking;
}

export const tomorrow = () => addDays(londonToday(), 1);
export const today = () => londonToday();

/** The viewing forms' choice of time, as the spec words it: half-hour slots from 9:00 AM to 5:30 PM. */
export const SLOT_LABELS = [
  "9:00 AM",
  "9:30 AM",
  "10:00 AM",
  "10:30 AM",
  "11:00 AM",
  "11:30 AM",
  "12:00 PM",
  "12:30 PM",
  "1:00 PM",
  "1:30 PM",
  "2:00 PM",
  "2:30 PM",
  "3:00 PM",
  "3:30 PM",
  "4:00 PM",
  "4:30 PM",
  "5:00 PM",
  "5:30 PM",
];

/** Fills in the offer form (/view-properties/{id}/offer): the amount, a first-time buyer, a mortgage agreed in principle. */
export async function fillOfferForm(page: Page, amount: string) {
  await page.getByLabel("Offer amount (£)").fill(amount);
  await page.getByLabel("First-time buyer").check();
  await page
    .getByRole("group", { name: /Mortgage agreed in principle/ })
    .getByLabel("Yes")
    .check();
}
