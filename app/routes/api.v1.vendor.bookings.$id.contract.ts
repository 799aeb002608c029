import { apiError, readJson } from "../lib/http.server";
import { apiErrorFrom, methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { getVendorContract, signContract, toContractJson } from "../modules/projects/contract.server";
import { parseProjectId, projectNotFound } from "../modules/projects/projects.server";
import { SignContractJsonSchema } from "../modules/projects/schemas";
import { SignatureImageError } from "../modules/projects/signature-image";
import type { Route } from "./+types/api.v1.vendor.bookings.$id.contract";

const privateJson = { "Cache-Control": "private, no-store" };

/** A 1 MB image is 1.4 MB as base64; the server takes JSON bodies of up to 1 MiB, which is the real limit here. */
const MAX_SIGN_JSON_BYTES = 1024 * 1024;

async function contractOf(request: Request, idParam: string | undefined) {
  const user = await requireApiUser(request, "vendor");
  const id = parseProjectId(idParam);
  const contract = id ? await getVendorContract(user.id, id) : null;
  if (!contract) throw projectNotFound();
  return { user, contract };
}

/** GET: the contract of one of my projects, its hash, and whether, when and by whom it was signed. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { contract } = await contractOf(request, params.id);
    return Response.json(toContractJson(contract), { headers: privateJson });
  } catch (error) {
    return apiErrorFrom(error);
  }
}

/** POST: signs it, as the signing page does (same checks, audit trail and emails); 201 with the signed state. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  try {
    const { user, contract } = await contractOf(request, params.id);
    const input = await readJson(request, SignContractJsonSchema, { maxBytes: MAX_SIGN_JSON_BYTES });
    const signing = { signerName: input.signer_name, startEarly: input.start_early, image: input.signature ? { dataUrl: input.signature } : null, seenHash: input.contract_hash };
    await signContract(user.id, contract.project.id, signing, { ipAddress: context.clientIp, userAgent: request.headers.get("User-Agent") });
    const signed = (await getVendorContract(user.id, contract.project.id))!;
    return Response.json({ message: "Contract signed. A copy is on its way to your inbox.", ...toContractJson(signed) }, { status: 201, headers: privateJson });
  } catch (error) {
    if (error instanceof SignatureImageError) return apiError(400, error.message, { errors: { signature: [error.message] } });
    return apiErrorFrom(error);
  }
}
