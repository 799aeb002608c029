// What every admin inbox page does on the server: admins only, a page of records, one record by id
// (404 for a malformed or unknown id), and 'Mark as handled'.
import { data, redirect } from "react-router";

import { parseId } from "../../lib/ids";
import { type Page, type PageQuery, PageQueryError, pageQueryOf } from "../../lib/pagination";
import { toasts } from "../../lib/toast.server";
import { requireUser } from "../auth/guards.server";

export async function loadInboxPage<T>(
  request: Request,
  list: (query: PageQuery) => Promise<Page<T>>,
): Promise<Page<T>> {
  await requireUser(request, "admin");
  const url = new URL(request.url);
  let query: PageQuery;
  try {
    query = pageQueryOf(url);
  } catch (error) {
    if (error instanceof PageQueryError) throw redirect(url.pathname);
    throw error;
  }
  const page = await list(query);
  if (page.page > page.pageCount)
    throw redirect(page.pageCount > 1 ? `${url.pathname}?page=${page.pageCount}` : url.pathname);
  return page;
}

export async function loadInboxRecord<T>(
  request: Request,
  idParam: string | undefined,
  find: (id: number) => Promise<T | null>,
): Promise<T> {
  await requireUser(request, "admin");
  const id = parseId(idParam);
  const record = id === null ? null : await find(id);
  if (!record) throw data({ message: "Not found" }, { status: 404 });
  return record;
}

export async function markInboxRecordHandled(
  request: Request,
  idParam: string | undefined,
  mark: (id: number) => Promise<unknown>,
) {
  await loadInboxRecord(request, idParam, async (id) => mark(id));
  return toasts().redirectWithSuccess(new URL(request.url).pathname, "Marked as handled.");
}
