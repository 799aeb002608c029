// A project as the vendor's JSON API returns it: the spec's booking fields (§3, snake_case), plus where
// it stands (contract signed, paid).
import { mediaUrl } from "../media/storage.server";
import type { AdminProject, AdminProjectRow } from "./admin-projects.server";
import type { VendorProject } from "./projects.server";
import { formatMapLocation } from "./schemas";

export function toBookingJson(project: VendorProject) {
  return {
    id: project.id,
    status: project.status,
    address: project.address,
    postcode: project.postcode,
    price: project.price,
    property_type: project.propertyType,
    bedrooms: project.bedrooms,
    bathrooms: project.bathrooms,
    size_sqft: project.sizeSqft,
    tenure: project.tenure,
    key_features: project.keyFeatures,
    description: project.description,
    created_at: project.createdAt.toISOString(),
    vendor_name: project.vendorName,
    vendor_email: project.vendorEmail,
    booking_date: project.bookingDate?.toISOString().slice(0, 10) ?? null,
    map_location:
      project.latitude !== null && project.longitude !== null
        ? formatMapLocation({ latitude: project.latitude, longitude: project.longitude })
        : null,
    council_tax: project.councilTax,
    parking: project.parking,
    garden: project.garden,
    accessibility: project.accessibility,
    virtual_tour_url: project.virtualTourUrl,
    images: project.images.map((image) => ({ url: mediaUrl(image.storageKey), alt_text: image.altText })),
    documents: project.documents.map((doc) => ({ name: doc.name, url: mediaUrl(doc.storageKey), type: doc.type })),
    floor_plans: project.floorPlans.map((plan) => ({ url: mediaUrl(plan.storageKey) })),
    virtual_tours: project.virtualTours,
    contract_signed_at: project.contractSignedAt?.toISOString() ?? null,
    paid: project.paid,
    listed_at: project.listedAt?.toISOString() ?? null,
    sold_at: project.soldAt?.toISOString() ?? null,
  };
}

/**
 * A project as the admin API returns it: the booking fields plus whose it is and its material information;
 * its files carry their ids, for …/images/{imageId} and …/files?fileId=.
 */
export function toAdminProjectJson(project: AdminProject) {
  const booking = toBookingJson(project);
  return {
    ...booking,
    images: project.images.map((image, i) => ({ id: image.id, ...booking.images[i]! })),
    documents: project.documents.map((doc, i) => ({ id: doc.id, ...booking.documents[i]! })),
    floor_plans: project.floorPlans.map((plan, i) => ({ id: plan.id, ...booking.floor_plans[i]! })),
    owner_id: project.ownerId,
    receptions: project.receptions,
    council_tax_band: project.councilTaxBand,
    epc_rating: project.epcRating,
    epc_potential: project.epcPotential,
    lease_years_remaining: project.leaseYearsRemaining,
    ground_rent_per_year: project.groundRentPerYear,
    service_charge_per_year: project.serviceChargePerYear,
    local_authority: project.localAuthority,
    construction: project.construction,
    heating: project.heating,
    electricity: project.electricity,
    water: project.water,
    sewerage: project.sewerage,
    broadband: project.broadband,
    mobile_coverage: project.mobileCoverage,
    parking_details: project.parkingDetails,
    flood_risk: project.floodRisk,
    restrictions: project.restrictions,
    rights_and_easements: project.rightsAndEasements,
    building_safety: project.buildingSafety,
    coalfield_or_mining: project.coalfieldOrMining,
    send_to_portals: project.sendToPortals,
  };
}

/** A row of the admin API's project list. */
export function toAdminProjectRowJson(row: AdminProjectRow) {
  return {
    id: row.id,
    status: row.status,
    address: row.address,
    postcode: row.postcode,
    price: row.price,
    property_type: row.propertyType,
    vendor_name: row.vendorName,
    vendor_email: row.vendorEmail,
    created_at: row.createdAt.toISOString(),
    can_delete: row.deleteBlocker === null,
  };
}
