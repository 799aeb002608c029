import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { fail, ok } from "../modules/api/wrapper.server";
import { getProperty } from "../modules/search/properties.server";
import type { Route } from "./+types/api.v1.properties.$id";

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const property = id === null ? null : await getProperty(id);
  return property ? ok(property) : fail(404, "No listed property has that id.");
}

export const action = () => methodNotAllowed(["GET"]);
