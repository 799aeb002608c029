import { PACKAGE_FEATURES, PRICE_TEXT } from "../../modules/marketing/packages";
import { CheckIcon } from "../ui/icons";
import { ReferralDisclosure } from "./referral-disclosure";

/** The sales-packages comparison: a typical high-street agent against the MoveWise package (spec §1). */
export function PackagesTable({ className = "" }: { className?: string }) {
  const cell = "px-3 py-4 align-top sm:px-6";
  return (
    <div className={`overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${className}`}>
      <table className="w-full table-fixed border-collapse text-left text-sm sm:text-base">
        <caption className="sr-only">
          Sales packages compared: a typical high-street estate agent and the MoveWise package
        </caption>
        <colgroup>
          <col className="w-[36%] sm:w-[40%]" />
          <col className="w-[30%]" />
          <col className="w-[34%] sm:w-[30%]" />
        </colgroup>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={cell}>
              <span className="sr-only">Cost or service</span>
            </th>
            <th scope="col" className={`${cell} font-semibold text-slate-700`}>
              Typical high-street agent
            </th>
            <th scope="col" className={`${cell} bg-emerald-700 font-bold text-white`}>
              MoveWise
              <span className="mt-0.5 block text-xs font-medium text-emerald-50">Fixed-fee package</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          <tr>
            <th scope="row" className={`${cell} font-semibold text-slate-900`}>
              Selling fee
            </th>
            <td className={`${cell} text-slate-700`}>{PRICE_TEXT.commission} of the property value</td>
            <td className={`${cell} bg-emerald-50`}>
              <span className="block font-bold text-slate-900">{PRICE_TEXT.introductoryFee}</span>
              <span className="block text-xs font-semibold text-slate-700 sm:text-sm">
                {PRICE_TEXT.introductoryFeeBreakdown}
              </span>
              <span className="mt-1 block text-xs text-slate-700 sm:text-sm">
                Introductory offer, normally {PRICE_TEXT.standardFeeInFull}
              </span>
            </td>
          </tr>
          <tr>
            <th scope="row" className={`${cell} font-semibold text-slate-900`}>
              Premium portal listing
            </th>
            <td className={`${cell} text-slate-700`}>Typically {PRICE_TEXT.portalListingTypical}</td>
            <td className={`${cell} bg-emerald-50 font-bold text-emerald-900`}>
              {PRICE_TEXT.portalListingOurs}
              <span className="mt-1 block text-xs font-normal text-slate-700 sm:text-sm">Included in your package</span>
            </td>
          </tr>
          <tr>
            <th scope="row" className={`${cell} font-semibold text-slate-900`}>
              Energy Performance Certificate (EPC)
            </th>
            <td className={`${cell} text-slate-700`}>Typically {PRICE_TEXT.epcTypical}</td>
            <td className={`${cell} bg-emerald-50 font-bold text-slate-900`}>{PRICE_TEXT.epcOurs}</td>
          </tr>
        </tbody>
        <tbody className="divide-y divide-slate-200 border-t-2 border-slate-200">
          <tr className="bg-slate-50">
            <th
              scope="rowgroup"
              colSpan={3}
              className="px-3 py-3 text-xs font-bold tracking-wider text-slate-700 uppercase sm:px-6"
            >
              Included in every MoveWise package
            </th>
          </tr>
          {PACKAGE_FEATURES.filter((feature) => feature !== "Premium portal listing").map((feature) => (
            <tr key={feature}>
              <th scope="row" className={`${cell} font-medium text-slate-900`}>
                {feature}
              </th>
              <td className={`${cell} text-slate-600`}>Varies by agent</td>
              <td className={`${cell} bg-emerald-50`}>
                <span className="inline-flex items-center gap-1.5 font-semibold text-emerald-900">
                  <CheckIcon className="size-5 shrink-0 text-emerald-700" />
                  Included
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ReferralDisclosure className="border-t border-slate-200 px-3 py-4 sm:px-6" />
    </div>
  );
}
