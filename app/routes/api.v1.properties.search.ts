import { z } from "zod";

import { apiErrorResponse } from "../lib/error-replies.server";
import { fieldErrors, readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { asWrapperError, fail, ok } from "../modules/api/wrapper.server";
import { ApiSearchSchema } from "../modules/search/api-filters";
import { matchCount } from "../modules/search/filters";
import { searchProperties } from "../modules/search/properties.server";
import type { Route } from "./+types/api.v1.properties.search";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  let body: unknown;
  try {
    body = await readJson(request, z.record(z.string(), z.unknown()));
  } catch (error) {
    if (error instanceof Response) return asWrapperError(error);
    throw error;
  }
  const filters = ApiSearchSchema.safeParse(body);
  if (!filters.success) return fail(400, filters.error.issues[0]!.message, fieldErrors(filters.error));
  try {
    const { data, total, totalCapped, page, pageCount, place } = await searchProperties(filters.data);
    return ok(data, {
      total,
      totalCapped,
      page,
      pageCount,
      message: `${matchCount(total, totalCapped, ["property", "properties"])} ${place ? `near ${place.label}` : "in the drawn area"}`,
    });
  } catch (error) {
    return asWrapperError(apiErrorResponse(error));
  }
}
