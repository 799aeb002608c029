// Page numbers for long lists (admin inboxes and their API), from ?page=&pageSize= in the URL.
import { redirect } from "react-router";
import { z } from "zod";

import { ServiceError } from "./service-error";
const DEFAULT_PAGE_SIZE = 25;

export const PageQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number from 1." })
    .int({ error: "page must be a whole number from 1." })
    .min(1, { error: "page must be a whole number from 1." })
    .max(100_000, { error: "page must be at most 100,000." })
    .default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a whole number from 1 to 100." })
    .int({ error: "pageSize must be a whole number from 1 to 100." })
    .min(1, { error: "pageSize must be a whole number from 1 to 100." })
    .max(100, { error: "pageSize must be a whole number from 1 to 100." })
    .default(DEFAULT_PAGE_SIZE),
});

export type PageQuery = z.output<typeof PageQuerySchema>;

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number; pageCount: number };

/** The page query of a URL; throws a 400 ServiceError when a value is malformed. */
export function pageQueryOf(url: URL): PageQuery {
  const result = PageQuerySchema.safeParse({
    page: url.searchParams.get("page") ?? undefined,
    pageSize: url.searchParams.get("pageSize") ?? undefined,
  });
  if (!result.success) throw new ServiceError(400, result.error.issues[0]!.message);
  return result.data;
}

/** For a page's loader: the page query of its URL, or a redirect to the page without it when it is malformed. */
export function pageQueryOrRedirect(url: URL): PageQuery {
  try {
    return pageQueryOf(url);
  } catch (error) {
    if (error instanceof ServiceError) throw redirect(url.pathname);
    throw error;
  }
}

/**
 * For a list page's loader: one page of `list`, redirecting a malformed page query to the page without
 * it and a page past the end to the last page.
 */
export async function listPageOrRedirect<T>(url: URL, list: (query: PageQuery) => Promise<Page<T>>): Promise<Page<T>> {
  const page = await list(pageQueryOrRedirect(url));
  if (page.page > page.pageCount)
    throw redirect(page.pageCount > 1 ? `${url.pathname}?page=${page.pageCount}` : url.pathname);
  return page;
}

/** Runs a count and a page query together; `skip`/`take` go to Prisma's findMany. */
export async function paginate<T>(
  { page, pageSize }: PageQuery,
  count: () => Promise<number>,
  find: (window: { skip: number; take: number }) => Promise<T[]>,
): Promise<Page<T>> {
  const [total, items] = await Promise.all([count(), find({ skip: (page - 1) * pageSize, take: pageSize })]);
  return { items, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** Which rows page `requested` shows when there are `total` rows; a page past the end shows the last one. */
export function pageOf(total: number, requested: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, skip: (page - 1) * pageSize, take: pageSize };
}
