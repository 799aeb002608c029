import { all, type Manifest } from "./types";

export const search: Manifest = {
  "api/v1/address/search-postcode": [
    { url: "/api/v1/address/search-postcode?query=LE1%205", expect: all(200) },
    { url: "/api/v1/address/search-postcode?query=L", expect: all(400) },
  ],
  "api/v1/address/get-address": [
    { url: "/api/v1/address/get-address?id=LE1%201AA", expect: all(200) },
    { url: "/api/v1/address/get-address?id=ZZ9%209ZZ", expect: all(404) },
  ],
  "api/v1/properties/search": [
    { method: "POST", data: { postcode: "LE1", searchRadius: "40-miles" }, expect: all(200) },
    { method: "POST", data: { postcode: "ZZ9 9ZZ" }, expect: all(400) },
    { expect: all(405) },
  ],
  "api/v1/properties/featured": [{ expect: all(200) }],
  "api/v1/properties/viewing-request": [
    { method: "POST", data: { propertyId: 1 }, expect: all(400) },
    { expect: all(405) },
  ],
  "api/v1/properties/viewing-requests": [
    { expect: { anonymous: 401, vendorA: 403, vendorB: 403, buyer: 403, admin: 200 } },
    {
      url: "/api/v1/properties/viewing-requests?propertyId=abc",
      expect: { anonymous: 401, vendorA: 403, vendorB: 403, buyer: 403, admin: 400 },
    },
  ],
  "api/v1/properties/:id": [
    { url: "/api/v1/properties/1", expect: all(200) },
    { url: "/api/v1/properties/999999", expect: all(404) },
    { url: "/api/v1/properties/abc", expect: all(404) },
  ],
  "property-search": [
    { expect: all(200) },
    { url: "/property-search?postcode=LE1&radius=10&sort=price-asc", expect: all(200) },
    { url: "/property-search?postcode=ZZ9%209ZZ", expect: all(400) },
    { url: "/property-search?postcode=LE1&radius=7", expect: all(400) },
  ],
  calculators: [{ expect: all(200) }, { url: "/calculators?price=abc&mPrice=-5&deposit=x", expect: all(200) }],
};
