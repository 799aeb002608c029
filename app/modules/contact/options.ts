// The contact form's choices and limits, apart from its zod schema (schemas.ts) so the page's browser code carries no zod.
export const COUNTRIES = [
  { code: "UK", label: "United Kingdom" },
  { code: "US", label: "United States" },
  { code: "CA", label: "Canada" },
] as const;

export const MESSAGE_MAX_LENGTH = 5000;
