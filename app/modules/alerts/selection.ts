// Which homes a search alert carries. Homes come as candidates (listed or reduced since the search was last
// checked, and matching it); this decides which of them go, so that a home is never sent twice for the same
// search unless its price fell again.

/** At most this many homes in one email; the email links to all the results for the rest. */
export const MAX_HOMES_PER_ALERT = 14;

export type AlertCandidate = {
  projectId: number;
  price: number;
  /** When it was listed or its price last changed: the newest news comes first. */
  changedAt: Date;
  /** The price this search last sent it at, or null if it never did. */
  sentPrice: number | null;
};

/** A home goes if this search never sent it, or sent it at a higher price than it has now. */
export const isNews = (candidate: AlertCandidate) =>
  candidate.sentPrice === null || candidate.price < candidate.sentPrice;

/** The homes for one email, newest first, at most MAX_HOMES_PER_ALERT; `more` counts the news left out. */
export function selectAlertHomes<C extends AlertCandidate>(candidates: C[]): { homes: C[]; more: number } {
  const news = candidates
    .filter(isNews)
    .sort((a, b) => b.changedAt.getTime() - a.changedAt.getTime() || b.projectId - a.projectId);
  return { homes: news.slice(0, MAX_HOMES_PER_ALERT), more: Math.max(0, news.length - MAX_HOMES_PER_ALERT) };
}
