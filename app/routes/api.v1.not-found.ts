import { apiError } from "../lib/http.server";
import type { Route } from "./+types/api.v1.not-found";

const notFound = (request: Request) =>
  apiError(404, `There is no endpoint ${new URL(request.url).pathname}. The API is described at /api/v1/openapi.json.`);

export const loader = ({ request }: Route.LoaderArgs) => notFound(request);
export const action = ({ request }: Route.ActionArgs) => notFound(request);
