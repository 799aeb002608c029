// What every admin inbox does on the server: one record by id, 404 for a malformed or unknown id. The
// pages add the HTTP parts (who may look, redirects, toasts).
import { parseId } from "../../lib/ids";
import { ServiceError } from "../../lib/service-error";

/** The record `find` (or a change such as 'mark as handled') gives for the id in the URL; a 404 ServiceError when there is none. */
export async function inboxRecord<T>(idParam: string | undefined, find: (id: number) => Promise<T | null>): Promise<T> {
  const id = parseId(idParam);
  const record = id === null ? null : await find(id);
  if (!record) throw new ServiceError(404, "Not found");
  return record;
}
