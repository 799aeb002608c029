import { type Manifest, all } from "./types";

export const search: Manifest = {
  calculators: [{ expect: all(200) }, { url: "/calculators?price=abc&mPrice=-5&deposit=x", expect: all(200) }],
};
