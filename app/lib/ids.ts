/** "42" → 42; anything that cannot be a database id → null (so /view-properties/abc is a 404, not a 500). */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
