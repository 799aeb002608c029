import { markProjectThroughApi } from "../modules/projects/admin-api.server";
import type { Route } from "./+types/api.v1.admin.projects.$id.mark-sold";

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  markProjectThroughApi(request, params.id, context.clientIp, "sold");
export const action = ({ request, params, context }: Route.ActionArgs) =>
  markProjectThroughApi(request, params.id, context.clientIp, "sold");
