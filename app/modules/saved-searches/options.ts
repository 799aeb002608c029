// Saved-search choices the pages need, without zod, so the browser can import them.

/** How often a saved search emails its new homes; "never" keeps it for running by hand. */
export const FREQUENCY_OPTIONS = [
  { value: "instant", label: "Instantly" },
  { value: "daily", label: "Once a day" },
  { value: "weekly", label: "Once a week" },
  { value: "never", label: "Never (no emails)" },
] as const;

export type Frequency = (typeof FREQUENCY_OPTIONS)[number]["value"];

export const DEFAULT_FREQUENCY: Frequency = "daily";

export const frequencyLabel = (frequency: Frequency) => FREQUENCY_OPTIONS.find((o) => o.value === frequency)!.label;

/** Saved searches one account may keep. */
export const MAX_SAVED_SEARCHES = 50;

export const NAME_MAX_LENGTH = 120;

/** The page that runs a saved search's query. */
export const searchPath = (query: string) => `/property-search?${query}`;
