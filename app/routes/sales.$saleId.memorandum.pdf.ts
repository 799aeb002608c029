import { errorPage } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { requireUser } from "../modules/auth/guards.server";
import { memorandumFileName, memorandumPdf } from "../modules/sales/memorandum-pdf.server";
import { memorandumFacts, memorandumSaleFor } from "../modules/sales/progression.server";
import type { Route } from "./+types/sales.$saleId.memorandum.pdf";

/** The memorandum of sale, for the home's owner, the buyer and the agency; anyone else gets a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const saleId = await memorandumSaleFor(user, parseId(params.saleId)).catch((error) => {
    throw errorPage(error);
  });
  const bytes = await memorandumPdf((await memorandumFacts(saleId))!);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${memorandumFileName(saleId)}"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
    },
  });
}
