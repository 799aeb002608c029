// schema.org data for a listing page: a RealEstateListing whose `about` is the home itself (House or
// Apartment, with rooms, floor size, address and position) and whose `offers` carries the price.

type Listed = {
  id: number;
  status: "completed" | "sold";
  address: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  price: number;
  propertyType: string;
  bedrooms: number;
  bathrooms: number;
  receptions: number | null;
  sizeSqft: number | null;
  listedAt: string | null;
};

const FLAT_LIKE = /flat|apartment|maisonette|studio/i;
const HOUSE_LIKE = /detached|terraced|bungalow|house|cottage/i;

export function listingJsonLd(
  listing: Listed,
  page: { url: string; name: string; description: string; images: string[] },
) {
  const streetAddress = listing.address.replace(listing.postcode, "").trim().replace(/,$/, "");
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: page.name,
    url: page.url,
    description: page.description,
    ...(listing.listedAt ? { datePosted: listing.listedAt } : {}),
    ...(page.images.length ? { image: page.images } : {}),
    about: {
      "@type": FLAT_LIKE.test(listing.propertyType)
        ? "Apartment"
        : HOUSE_LIKE.test(listing.propertyType)
          ? "House"
          : "Accommodation",
      name: listing.address,
      numberOfBedrooms: listing.bedrooms,
      numberOfBathroomsTotal: listing.bathrooms,
      ...(listing.receptions !== null ? { numberOfRooms: listing.bedrooms + listing.receptions } : {}),
      ...(listing.sizeSqft
        ? { floorSize: { "@type": "QuantitativeValue", value: listing.sizeSqft, unitCode: "FTK", unitText: "sq ft" } }
        : {}),
      address: {
        "@type": "PostalAddress",
        streetAddress,
        ...(listing.postcode ? { postalCode: listing.postcode } : {}),
        addressCountry: "GB",
      },
      ...(listing.latitude !== null && listing.longitude !== null
        ? { geo: { "@type": "GeoCoordinates", latitude: listing.latitude, longitude: listing.longitude } }
        : {}),
    },
    offers: {
      "@type": "Offer",
      price: listing.price,
      priceCurrency: "GBP",
      businessFunction: "http://purl.org/goodrelations/v1#Sell",
      availability: listing.status === "sold" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      url: page.url,
    },
  };
}
