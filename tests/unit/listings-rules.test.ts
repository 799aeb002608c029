import { describe, expect, test } from "vitest";

import { parseDescription } from "../../app/modules/listings/description";
import { epcBand } from "../../app/modules/listings/epc";
import { listingHeadline } from "../../app/modules/listings/headline";
import {
  ASK_AGENT,
  extraInformation,
  type MaterialFacts,
  materialInformation,
} from "../../app/modules/listings/material-information";
import { sqftToSqm, SQM_PER_SQFT } from "../../app/modules/listings/measurements";
import {
  listingQueryString,
  pagedMatches,
  parseListingQuery,
  readsMatchesFirst,
  searchTerms,
} from "../../app/modules/listings/query";
import { isSimilarListing } from "../../app/modules/listings/similar";
import { listingJsonLd } from "../../app/modules/listings/structured-data";
import { twoDigits } from "../../app/modules/listings/summary";
import { virtualTourFor } from "../../app/modules/listings/virtual-tour";
import { responsiveImage } from "../../app/modules/media/images";

describe("description layout", () => {
  test("blank lines separate paragraphs; a colon makes a subheading; several lines make a list", () => {
    const text = "Intro paragraph.\n\nAccommodation:\n\nHall\nKitchen\n  \n\nLast words.";
    expect(parseDescription(text)).toEqual([
      { kind: "paragraph", text: "Intro paragraph." },
      { kind: "heading", text: "Accommodation" },
      { kind: "list", items: ["Hall", "Kitchen"] },
      { kind: "paragraph", text: "Last words." },
    ]);
  });

  test("Windows line ends, whitespace-only separator lines and pasted bullets are handled", () => {
    expect(parseDescription("One\r\n \r\n- Garden\r\n• Garage\r\n3) Shed")).toEqual([
      { kind: "paragraph", text: "One" },
      { kind: "list", items: ["Garden", "Garage", "Shed"] },
    ]);
    expect(parseDescription("   \n\n  ")).toEqual([]);
  });
});

describe("size", () => {
  test("converts square feet at 0.092903 and rounds to whole square metres", () => {
    expect(SQM_PER_SQFT).toBe(0.092903);
    expect(sqftToSqm(1130)).toBe(105);
    expect(sqftToSqm(1000)).toBe(93);
    expect(sqftToSqm(560)).toBe(52);
    expect(sqftToSqm(0)).toBe(0);
  });
});

describe("similar properties", () => {
  const current = { id: 1, status: "completed", propertyType: "Semi-Detached" };
  test("another listed home whose type shares a word", () => {
    expect(isSimilarListing(current, { id: 2, status: "completed", propertyType: "Detached" })).toBe(true);
    expect(isSimilarListing(current, { id: 2, status: "COMPLETED", propertyType: "semi-detached" })).toBe(true);
  });
  test("not itself, not sold or pending, not a type without a shared word", () => {
    expect(isSimilarListing(current, { id: 1, status: "completed", propertyType: "Semi-Detached" })).toBe(false);
    expect(isSimilarListing(current, { id: 3, status: "sold", propertyType: "Detached" })).toBe(false);
    expect(isSimilarListing(current, { id: 4, status: "pending", propertyType: "Detached" })).toBe(false);
    expect(isSimilarListing(current, { id: 5, status: "completed", propertyType: "Terraced" })).toBe(false);
  });
  test("words are split on any punctuation", () => {
    expect(isSimilarListing(current, { id: 6, status: "completed", propertyType: "Flat/Apartment" })).toBe(false);
    expect(
      isSimilarListing(
        { ...current, propertyType: "Flat/Apartment" },
        { id: 6, status: "completed", propertyType: "Ground-floor flat" },
      ),
    ).toBe(true);
  });
});

describe("list query", () => {
  test("reads search, sort and page, falling back to defaults", () => {
    expect(parseListingQuery(new URLSearchParams("q=  semi   detached &sort=price-asc&page=3"))).toEqual({
      q: "semi detached",
      sort: "price-asc",
      page: 3,
    });
    expect(parseListingQuery(new URLSearchParams("sort=newest&page=-2"))).toEqual({ q: "", sort: "any", page: 1 });
    expect(parseListingQuery(new URLSearchParams("page=1e3")).page).toBe(1);
  });
  test("writes a query string without defaults", () => {
    expect(listingQueryString({ q: "flat", sort: "any", page: 1 })).toBe("?q=flat");
    expect(listingQueryString({ sort: "price-desc", page: 2 })).toBe("?sort=price-desc&page=2");
    expect(listingQueryString({})).toBe("");
  });
  test("a search's words are its letters and digits, split where the word index splits an address", () => {
    expect(searchTerms("Semi-Detached  LE2")).toEqual(["semi", "detached", "le2"]);
    expect(searchTerms("Flat/Apartment, St. Albans")).toEqual(["flat", "apartment", "st", "albans"]);
    expect(searchTerms("%%% _ --")).toEqual([]);
    expect(searchTerms("1 2 3 4 5 6 7 8 9")).toHaveLength(8);
  });
  test("a word search's pages go through its first 1,000 matches; the whole list's through every listing", () => {
    expect(pagedMatches("road", 50_150)).toBe(1_000);
    expect(pagedMatches("road", 640)).toBe(640);
    expect(pagedMatches("", 50_150)).toBe(50_150);
    expect(pagedMatches("%%%", 0)).toBe(0);
  });
  test("a word search reads its matches first when that reads fewer rows than walking the order, a short word always", () => {
    const first = { skip: 0, take: 12 };
    // No words: the order's index, always.
    expect(readsMatchesFirst([], { ...first, total: 3, listed: 100_000 })).toBe(false);
    // An outcode with 24 matches in 100,000: 24 rows read, against about 50,000 walked.
    expect(readsMatchesFirst(["KA8"], { ...first, total: 24, listed: 100_000 })).toBe(true);
    // "road" in half the listings: its first page lies a few dozen listings along the order.
    expect(readsMatchesFirst(["road"], { ...first, total: 50_099, listed: 100_000 })).toBe(false);
    // Deeper pages walk further: 6,138 matches are read first for page 101, not for page 1.
    expect(readsMatchesFirst(["manor"], { ...first, total: 6_138, listed: 100_000 })).toBe(false);
    expect(readsMatchesFirst(["manor"], { skip: 1_200, take: 12, total: 6_138, listed: 100_000 })).toBe(true);
    // The break-even grows with the listings: 1,154 matches walk at 100,000 listings, are read first at a million.
    expect(readsMatchesFirst(["LE2"], { ...first, total: 1_154, listed: 100_000 })).toBe(false);
    expect(readsMatchesFirst(["LE2"], { ...first, total: 1_154, listed: 1_000_000 })).toBe(true);
    // A word of one or two characters is read first however many it matches.
    expect(readsMatchesFirst(["N1"], { ...first, total: 1_318, listed: 1_000 })).toBe(true);
    expect(readsMatchesFirst(["flat", "N1"], { ...first, total: 20_000, listed: 100_000 })).toBe(true);
  });
});

describe("virtual tours", () => {
  test("allow-listed hosts are embedded, YouTube and Vimeo through their privacy-friendly players", () => {
    expect(virtualTourFor("https://my.matterport.com/show/?m=abc123")).toMatchObject({
      kind: "embed",
      src: "https://my.matterport.com/show/?m=abc123",
    });
    expect(virtualTourFor("https://kuula.co/share/collection/7abc")).toMatchObject({
      kind: "embed",
      provider: "Kuula",
    });
    expect(virtualTourFor("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toMatchObject({
      kind: "embed",
      src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(virtualTourFor("https://youtu.be/dQw4w9WgXcQ")).toMatchObject({
      kind: "embed",
      src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(virtualTourFor("https://vimeo.com/76979871")).toMatchObject({
      kind: "embed",
      src: "https://player.vimeo.com/video/76979871",
    });
  });
  test("anything else is a plain link, and non-web addresses are dropped", () => {
    expect(virtualTourFor("https://tours.example.com/123")).toEqual({
      kind: "link",
      url: "https://tours.example.com/123",
    });
    expect(virtualTourFor("http://my.matterport.com/show/?m=abc")).toMatchObject({ kind: "link" });
    expect(virtualTourFor("https://my.matterport.com.evil.example/show/")).toMatchObject({ kind: "link" });
    expect(virtualTourFor("javascript:alert(1)")).toBeNull();
    expect(virtualTourFor("not a url")).toBeNull();
    expect(virtualTourFor(null)).toBeNull();
  });
});

describe("cards and headings", () => {
  test("counts are two digits", () => {
    expect(twoDigits(3)).toBe("03");
    expect(twoDigits(12)).toBe("12");
  });
  test("headlines name the kind of home", () => {
    expect(listingHeadline({ bedrooms: 3, propertyType: "Terraced" })).toBe("3 bedroom terraced house");
    expect(listingHeadline({ bedrooms: 1, propertyType: "Flat/Apartment" })).toBe("1 bedroom flat");
    expect(listingHeadline({ bedrooms: 0, propertyType: "Studio" })).toBe("Studio flat");
    expect(listingHeadline({ bedrooms: 2, propertyType: "Houseboat" })).toBe("2 bedroom property");
  });
  test("EPC bands are A to G", () => {
    expect(epcBand(" c ")).toBe("C");
    expect(epcBand("H")).toBeNull();
    expect(epcBand(null)).toBeNull();
  });
});

describe("responsive images", () => {
  test("offers widths up to the original, never claiming more pixels than it has", () => {
    const image = responsiveImage({ storageKey: "images/a.jpg", altText: "Front", width: 1024, height: 682 });
    expect(image.srcSet).toBe(
      "/img/320/images/a.jpg 320w, /img/640/images/a.jpg 640w, /img/800/images/a.jpg 800w, /img/960/images/a.jpg 960w, /img/1280/images/a.jpg 1024w",
    );
    expect(image.url).toBe("/img/960/images/a.jpg");
    expect(responsiveImage({ storageKey: "images/b.png", altText: "", width: 500, height: 300 }).url).toBe(
      "/img/640/images/b.png",
    );
  });
});

const facts: MaterialFacts = {
  price: 250000,
  tenure: "Leasehold",
  leaseYearsRemaining: 99,
  groundRentPerYear: null,
  serviceChargePerYear: 1200,
  councilTax: null,
  councilTaxBand: "C",
  localAuthority: "Leeds City Council",
  propertyType: "Flat/Apartment",
  construction: null,
  bedrooms: 2,
  bathrooms: 1,
  receptions: null,
  heating: "Gas",
  electricity: null,
  water: null,
  sewerage: null,
  broadband: null,
  mobileCoverage: null,
  parking: false,
  parkingDetails: null,
  garden: true,
  accessibility: false,
  floodRisk: null,
  restrictions: null,
  rightsAndEasements: null,
  buildingSafety: null,
  coalfieldOrMining: null,
};

describe("material information", () => {
  test("part A has price, tenure with lease details and council tax; unknowns say 'Ask agent'", () => {
    const [a, b, c] = materialInformation(facts);
    expect(a!.facts).toEqual([
      { label: "Price", value: "£250,000" },
      { label: "Tenure", value: "Leasehold" },
      { label: "Lease remaining", value: "99 years" },
      { label: "Ground rent", value: ASK_AGENT },
      { label: "Service charge", value: "£1,200 a year" },
      { label: "Council tax band", value: "Band C (Leeds City Council)" },
    ]);
    expect(b!.facts.find((f) => f.label === "Construction")?.value).toBe(ASK_AGENT);
    expect(c!.facts.every((f) => f.value === ASK_AGENT)).toBe(true);
  });
  test("freehold homes have no lease rows; the extra information follows the spec's defaults", () => {
    const [a] = materialInformation({ ...facts, tenure: "Freehold" });
    expect(a!.facts.map((f) => f.label)).toEqual(["Price", "Tenure", "Council tax band"]);
    expect(extraInformation({ ...facts, councilTaxBand: null })).toEqual([
      { label: "Council tax", value: ASK_AGENT },
      { label: "Parking", value: ASK_AGENT },
      { label: "Garden", value: "Yes" },
      { label: "Accessibility", value: ASK_AGENT },
    ]);
  });
});

describe("structured data", () => {
  test("a RealEstateListing about an Apartment with an Offer in pounds", () => {
    const listing = {
      id: 7,
      status: "sold" as const,
      address: "Apartment 3, Lansdown Place, Bath BA1 5EL",
      postcode: "BA1 5EL",
      latitude: 51.39,
      longitude: -2.36,
      price: 495000,
      propertyType: "Flat/Apartment",
      bedrooms: 2,
      bathrooms: 2,
      receptions: 1,
      sizeSqft: 900,
      listedAt: "2026-10-25T10:00:00.000Z",
    };
    const ld = listingJsonLd(listing, {
      url: "https://homes.example/view-properties/7",
      name: "2 bedroom flat for sale",
      description: "Nice",
      images: ["https://homes.example/img/1280/images/a.jpg"],
    });
    expect(ld).toMatchObject({
      "@type": "RealEstateListing",
      datePosted: "2026-10-25T10:00:00.000Z",
      about: {
        "@type": "Apartment",
        numberOfBedrooms: 2,
        numberOfRooms: 3,
        floorSize: { value: 900, unitCode: "FTK" },
        address: { streetAddress: "Apartment 3, Lansdown Place, Bath", postalCode: "BA1 5EL", addressCountry: "GB" },
        geo: { latitude: 51.39, longitude: -2.36 },
      },
      offers: { "@type": "Offer", price: 495000, priceCurrency: "GBP", availability: "https://schema.org/SoldOut" },
    });
  });
});
