-- The public list's search matches a word of one or two characters (an outcode such as W8, N1 or M1, a house
-- number) as a whole word of the address or the property type: trigrams need three characters, so ILIKE
-- '%w8%' read every listing (about 120 ms a search at 100,000 listings on PGlite, on every page of it). This
-- index holds each listed home's words, lower case, as app/modules/listings/listings.server.ts splits them.
-- Written by hand, like 20261122041524: Prisma cannot declare a partial or expression index.

-- CreateIndex
CREATE INDEX "Project_words_idx" ON "Project" USING GIN ((regexp_split_to_array(lower("address" || ' ' || "propertyType"), '[^a-z0-9]+'))) WHERE "status" IN ('completed', 'sold');
