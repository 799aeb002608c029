import { openApiDocument } from "../edge/openapi.server";
import { methodNotAllowed } from "../modules/api/errors.server";

export function loader() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}

export const action = () => methodNotAllowed(["GET"]);
