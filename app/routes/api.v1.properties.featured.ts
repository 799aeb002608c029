import { methodNotAllowed } from "../modules/api/errors.server";
import { ok } from "../modules/api/wrapper.server";
import { featuredProperties } from "../modules/search/properties.server";

export async function loader() {
  const data = await featuredProperties();
  return ok(data, { total: data.length });
}

export const action = () => methodNotAllowed(["GET"]);
