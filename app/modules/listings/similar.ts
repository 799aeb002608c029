// 'Similar to this property' (spec §4): another listed (completed) home whose property type shares at
// least one word with this one's, e.g. "Semi-Detached" and "Detached"; at most three are shown.

import { wordsOf } from "./query";

export const SIMILAR_LISTINGS_LIMIT = 3;

type Comparable = { id: number; status: string; propertyType: string };

export function isSimilarListing(current: Comparable, candidate: Comparable): boolean {
  if (candidate.id === current.id || candidate.status.toLowerCase() !== "completed") return false;
  const words = new Set(wordsOf(current.propertyType));
  return wordsOf(candidate.propertyType).some((word) => words.has(word));
}
