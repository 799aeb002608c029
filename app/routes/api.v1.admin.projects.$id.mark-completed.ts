import { markProjectThroughApi } from "../modules/projects/admin-api.server";
import type { Route } from "./+types/api.v1.admin.projects.$id.mark-completed";

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  markProjectThroughApi(request, params.id, context.clientIp, "completed");
export const action = ({ request, params, context }: Route.ActionArgs) =>
  markProjectThroughApi(request, params.id, context.clientIp, "completed");
