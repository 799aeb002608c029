// A project as the vendor's JSON API returns it: the spec's booking fields (§3, snake_case), plus where
// it stands (contract signed, paid).
import { mediaUrl } from "../media/storage.server";
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
    map_location: project.latitude !== null && project.longitude !== null ? formatMapLocation({ latitude: project.latitude, longitude: project.longitude }) : null,
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
