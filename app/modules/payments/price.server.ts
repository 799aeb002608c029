// What a vendor pays by card, decided here and nowhere else: the selling package's net price
// (PACKAGE_NET_PENCE, £1,495 by default) plus VAT, in pence. An amount sent by a client is never used.
import { getEnv } from "../../lib/env.server";
import { VAT_PERCENT, withVat } from "../../lib/money";
import { PACKAGE_NAME } from "../marketing/packages";

export const PAYMENT_CURRENCY = "gbp";

export type PackagePrice = {
  name: string;
  netPence: number;
  vatPence: number;
  vatPercent: number;
  totalPence: number;
  currency: typeof PAYMENT_CURRENCY;
};

export function packagePrice(): PackagePrice {
  const netPence = getEnv().PACKAGE_NET_PENCE;
  const { vatPence, grossPence } = withVat(netPence);
  return {
    name: PACKAGE_NAME,
    netPence,
    vatPence,
    vatPercent: VAT_PERCENT,
    totalPence: grossPence,
    currency: PAYMENT_CURRENCY,
  };
}
