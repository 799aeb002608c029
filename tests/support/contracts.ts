// A vendor with a session and a new project whose contract is ready to sign, for the contract tests.
import { prisma } from "../../app/lib/db.server";
import { createUserSession } from "../../app/modules/auth/session.server";
import { getVendorContract } from "../../app/modules/projects/contract.server";
import { createProject } from "../../app/modules/projects/projects.server";
import { ProjectSchema } from "../../app/modules/projects/schemas";

let counter = 0;

/** The vendor (with a session cookie), their project's id and the hash of its contract as the signing page shows it. */
export async function vendorWithProject(address = "12 Granby Street, Leicester") {
  counter += 1;
  const user = await prisma.user.create({
    data: {
      email: `seller${counter}@example.com`,
      fullName: `Ann Seller ${counter}`,
      phoneNumber: "07700 900123",
      passwordHash: "not used",
    },
    select: { id: true, email: true, fullName: true, phoneNumber: true, role: true },
  });
  const cookie = (await createUserSession(user.id, { persistent: false })).split(";")[0]!;
  const { id } = await createProject({
    owner: user,
    input: ProjectSchema.parse({
      address,
      postcode: "LE1 6EJ",
      price: 250000,
      property_type: "Terraced",
      bedrooms: 3,
      booking_date: "2026-12-01",
    }),
  });
  const { hash } = (await getVendorContract(user.id, id))!;
  return { user, cookie, id, hash };
}

export type Seller = Awaited<ReturnType<typeof vendorWithProject>>;
