import { type Manifest, all } from "./types";

export const search: Manifest = {
  "api/v1/address/search-postcode": [{ url: "/api/v1/address/search-postcode?query=LE1%205", expect: all(200) }, { url: "/api/v1/address/search-postcode?query=L", expect: all(400) }],
  "api/v1/address/get-address": [{ url: "/api/v1/address/get-address?id=LE1%201AA", expect: all(200) }, { url: "/api/v1/address/get-address?id=ZZ9%209ZZ", expect: all(404) }],
  calculators: [{ expect: all(200) }, { url: "/calculators?price=abc&mPrice=-5&deposit=x", expect: all(200) }],
};
