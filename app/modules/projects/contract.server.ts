// Signing a project's contract: the terms the vendor was shown are kept with the signature (signer, time,
// IP, browser, sha256 of the text), the signed PDF is emailed to them, and it can be downloaded again.
import { createHash } from "node:crypto";

import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { formatDate } from "../../lib/format";
import { formatPence } from "../../lib/money";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import { agencyEmail, type Attachment, type AttachmentRef, type Mail, queueMail } from "../mail/mail.server";
import { redressScheme, referralArrangements } from "../marketing/disclosures.server";
import { PACKAGE_NAME, SELLING_PACKAGE_CHARGE } from "../marketing/packages";
import {
  buildContract,
  CANCELLATION_DAYS,
  CANCELLATION_NOTICE,
  type Contract,
  contractHtml,
  contractText,
} from "./contract";
import { contractPdf, type SignatureRecord } from "./contract-pdf.server";
import { projectNotFound } from "./projects.server";
import { isPaid } from "./rules";
import { signatureDataUrl, type SignatureSource } from "./signature-image.server";

const contractSelect = {
  id: true,
  address: true,
  postcode: true,
  propertyType: true,
  bedrooms: true,
  tenure: true,
  price: true,
  bookingDate: true,
  vendorName: true,
  vendorEmail: true,
  contractSignedAt: true,
  contractSignerName: true,
  contractSignerIp: true,
  contractSignerUserAgent: true,
  contractSignature: true,
  contractTerms: true,
  contractTextHash: true,
  contractStartEarly: true,
  payments: { select: { status: true } },
} as const;

type ContractRow = NonNullable<Awaited<ReturnType<typeof findOwnContract>>>;

function findOwnContract(ownerId: number, id: number) {
  return prisma.project.findFirst({ where: { id, ownerId }, select: contractSelect });
}

/** The agency as a contract names it. */
export function agency() {
  const env = getEnv();
  return {
    name: "MoveWise Ltd",
    email: agencyEmail(),
    phone: env.CONTACT_PHONE,
    website: env.PUBLIC_URL,
    redressScheme: redressScheme(),
    referrals: referralArrangements(),
  };
}

export const contractHash = (contract: Contract) =>
  createHash("sha256").update(contractText(contract), "utf8").digest("hex");

/** The terms as they stand now for an unsigned project, or exactly as signed. */
function termsOf(row: ContractRow): Contract {
  return (row.contractTerms as Contract | null) ?? buildContract({ project: row, agency: agency() });
}

function signatureOf(row: ContractRow): SignatureRecord | null {
  if (!row.contractSignedAt || !row.contractTextHash) return null;
  return {
    signerName: row.contractSignerName ?? row.vendorName,
    signedAt: row.contractSignedAt,
    ipAddress: row.contractSignerIp,
    userAgent: row.contractSignerUserAgent,
    textHash: row.contractTextHash,
    startEarly: row.contractStartEarly ?? false,
    image: row.contractSignature,
  };
}

/** What the signing page shows: the vendor's own project's contract, its hash and the signature if any. */
export async function getVendorContract(ownerId: number, id: number) {
  const row = await findOwnContract(ownerId, id);
  if (!row) return null;
  const contract = termsOf(row);
  const signature = signatureOf(row);
  return {
    project: { id: row.id, address: row.address, vendorName: row.vendorName },
    contract,
    hash: contractHash(contract),
    signed: signature
      ? {
          signerName: signature.signerName,
          signedAt: signature.signedAt,
          startEarly: signature.startEarly,
          withImage: signature.image !== null,
        }
      : null,
    paid: isPaid(row.payments.map((p) => p.status)),
  };
}

export type VendorContract = NonNullable<Awaited<ReturnType<typeof getVendorContract>>>;

/** GET/POST /api/v1/vendor/bookings/{id}/contract: what the signing page shows, as JSON. */
export function toContractJson({ project, contract, hash, signed, paid }: VendorContract) {
  return {
    booking_id: project.id,
    reference: contract.reference,
    title: contract.title,
    package: {
      name: PACKAGE_NAME,
      net_pence: SELLING_PACKAGE_CHARGE.netPence,
      vat_pence: SELLING_PACKAGE_CHARGE.vatPence,
      total_pence: SELLING_PACKAGE_CHARGE.totalPence,
      currency: SELLING_PACKAGE_CHARGE.currency,
      total: formatPence(SELLING_PACKAGE_CHARGE.totalPence),
    },
    cancellation: { days: CANCELLATION_DAYS, notice: CANCELLATION_NOTICE },
    terms_text: contractText(contract),
    terms_html: contractHtml(contract),
    contract_hash: hash,
    signed: signed !== null,
    signed_at: signed?.signedAt.toISOString() ?? null,
    signed_by: signed?.signerName ?? null,
    signature: signed ? (signed.withImage ? ("image" as const) : ("typed name" as const)) : null,
    start_early: signed?.startEarly ?? null,
    paid,
    pdf_url: `${getEnv().PUBLIC_URL}/sign-contract/${project.id}/contract.pdf`,
  };
}

export const contractFileName = (id: number, signed: boolean) =>
  `movewise-contract-${id}${signed ? "-signed" : "-draft"}.pdf`;

/** The contract PDF of the vendor's own project: signed once it is, a draft before. */
export async function vendorContractPdf(ownerId: number, id: number) {
  const row = await findOwnContract(ownerId, id);
  if (!row) return null;
  const signature = signatureOf(row);
  return { fileName: contractFileName(id, Boolean(signature)), bytes: await contractPdf(termsOf(row), signature) };
}

export type SignContractInput = {
  signerName: string;
  startEarly: boolean;
  /** The drawn or uploaded image, or null when the typed name is the signature. Re-encoded before it is kept. */
  image: SignatureSource | null;
  /** The hash of the terms the vendor read; refused if the terms have changed since. */
  seenHash: string;
};

/**
 * Signs the vendor's own, unsigned contract once. The signed PDF is built before anything is saved, so a
 * contract is never recorded as signed unless its PDF can be made. Throws a ServiceError: 404, 409, or 400
 * on the signature field for an image that is refused.
 */
export async function signContract(
  ownerId: number,
  id: number,
  input: SignContractInput,
  meta: { ipAddress: string; userAgent: string | null },
) {
  const row = await findOwnContract(ownerId, id);
  if (!row) throw projectNotFound();
  if (row.contractSignedAt)
    throw new ServiceError(409, `You signed this contract on ${formatDate(row.contractSignedAt)}.`);
  const contract = buildContract({ project: row, agency: agency() });
  const hash = contractHash(contract);
  if (hash !== input.seenHash)
    throw new ServiceError(409, "The contract has changed since you opened it. Please read it again, then sign.");
  const signature: SignatureRecord = {
    signerName: input.signerName,
    signedAt: new Date(),
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    textHash: hash,
    startEarly: input.startEarly,
    image: input.image ? await signatureDataUrl(input.image) : null,
  };
  // Built first, so a contract is never saved as signed with a signature its PDF cannot carry (the mails
  // build it again when they are sent, from what is saved below).
  await contractPdf(contract, signature);
  const signed = await prisma.$transaction(async (tx) => {
    // Only an unsigned contract of this owner: two signatures at once cannot both win.
    const { count } = await tx.project.updateMany({
      where: { id, ownerId, contractSignedAt: null },
      data: {
        contractSignedAt: signature.signedAt,
        contractSignerName: signature.signerName,
        contractSignerIp: signature.ipAddress,
        contractSignerUserAgent: signature.userAgent,
        contractSignature: signature.image,
        contractTerms: contract,
        contractTextHash: hash,
        contractStartEarly: signature.startEarly,
      },
    });
    if (count !== 1) return false;
    await recordAudit(
      {
        actorId: ownerId,
        action: "project.sign_contract",
        entity: "Project",
        entityId: id,
        detail: { textHash: hash },
        ipAddress: meta.ipAddress,
      },
      tx,
    );
    await queueMail(tx, signedContractMails(row, contract, signature));
    return true;
  });
  if (!signed) throw new ServiceError(409, "This contract has already been signed.");
  return { signedAt: signature.signedAt };
}

/** The vendor's copy and the agency's notice; both carry the signed PDF, made when each is sent. */
function signedContractMails(
  row: ContractRow,
  contract: Contract,
  signed: { signerName: string; signedAt: Date; startEarly: boolean },
): Mail[] {
  const attachments: AttachmentRef[] = [{ kind: "signed-contract", projectId: row.id }];
  return [
    {
      to: row.vendorEmail,
      subject: `Your signed MoveWise agreement (${contract.reference})`,
      text: [
        `Dear ${row.vendorName},`,
        `Thank you for instructing MoveWise to sell ${row.address}. Your signed agreement is attached; please keep it.`,
        signed.startEarly
          ? `You asked us to start work within the ${CANCELLATION_DAYS}-day cancellation period.`
          : `You did not ask us to start early, so work starts when the ${CANCELLATION_DAYS}-day cancellation period ends.`,
        `You can cancel within ${CANCELLATION_DAYS} days of today without giving a reason: reply to this email or call ${agency().phone}.`,
        "MoveWise",
      ].join("\n\n"),
      replyTo: agencyEmail(),
      attachments,
    },
    {
      to: agencyEmail(),
      subject: `Contract signed: ${row.address} (${contract.reference})`,
      text: [
        `${signed.signerName} signed the agreement for ${row.address} on ${formatDate(signed.signedAt)}.`,
        `Work may start within the cancellation period: ${signed.startEarly ? "yes, at the seller's express request" : "no"}.`,
      ].join("\n\n"),
      replyTo: row.vendorEmail,
      attachments,
    },
  ];
}

/** A signed contract's PDF as a mail attachment. */
export async function signedContractAttachment(projectId: number): Promise<Attachment> {
  const row = await prisma.project.findUnique({ where: { id: projectId }, select: contractSelect });
  const signature = row && signatureOf(row);
  if (!row || !signature) throw new Error(`Project ${projectId} has no signed contract to attach.`);
  return {
    filename: contractFileName(projectId, true),
    content: await contractPdf(termsOf(row), signature),
    contentType: "application/pdf",
  };
}
