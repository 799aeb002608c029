// A sale in the API's words (kebab-case milestone keys and states), as GET and PUT
// /api/v1/admin/projects/{id}/progression answer it.
import type { SaleView } from "./sale-view";

export function toSaleJson(sale: SaleView) {
  return {
    id: sale.id,
    propertyId: sale.propertyId,
    offerId: sale.offerId,
    address: sale.address,
    state: sale.state,
    agreedPrice: sale.agreedPrice,
    buyerName: sale.buyerName,
    solicitors: sale.solicitors,
    subjectTo: sale.subjectTo,
    memorandumIssuedAt: sale.memorandumIssuedAt,
    memorandumUrl: sale.memorandumUrl,
    milestones: sale.milestones.map((m) => ({
      key: m.apiKey,
      label: m.label,
      date: m.date,
      note: m.note,
      status: m.state,
    })),
    fallThroughReason: sale.fallThroughReason,
    startedAt: sale.startedAt,
    endedAt: sale.endedAt,
  };
}
