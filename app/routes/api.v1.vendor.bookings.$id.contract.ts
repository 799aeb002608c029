import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { getVendorContract, signContract, toContractJson } from "../modules/projects/contract.server";
import { projectNotFound } from "../modules/projects/projects.server";
import { SIGN_CONTRACT_JSON_MAX_BYTES, SignContractJsonSchema } from "../modules/projects/schemas";
import type { Route } from "./+types/api.v1.vendor.bookings.$id.contract";

const privateJson = { "Cache-Control": "private, no-store" };

/** GET: the contract of one of my projects, its hash, and whether, when and by whom it was signed. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const user = await requireApiUser(request, "vendor");
    const id = parseId(params.id);
    const contract = id ? await getVendorContract(user.id, id) : null;
    if (!contract) throw projectNotFound();
    return Response.json(toContractJson(contract), { headers: privateJson });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** POST: signs it, as the signing page does (same checks, audit trail and emails); 201 with the signed state. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  try {
    const user = await requireApiUser(request, "vendor");
    const id = parseId(params.id);
    if (!id) throw projectNotFound();
    const input = await readJson(request, SignContractJsonSchema, { maxBytes: SIGN_CONTRACT_JSON_MAX_BYTES });
    const signing = {
      signerName: input.signer_name,
      startEarly: input.start_early,
      image: input.signature ? { dataUrl: input.signature } : null,
      seenHash: input.contract_hash,
    };
    await signContract(user.id, id, signing, {
      ipAddress: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    const signed = (await getVendorContract(user.id, id))!;
    return Response.json(
      { message: "Contract signed. A copy is on its way to your inbox.", ...toContractJson(signed) },
      { status: 201, headers: privateJson },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
