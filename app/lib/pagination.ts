/** Which rows page `requested` shows when there are `total` rows; a page past the end shows the last one. */
export function pageOf(total: number, requested: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, skip: (page - 1) * pageSize, take: pageSize };
}
