-- One open offer (pending, countered or accepted) per buyer and home, held by the database: six copies of
-- the offer form sent at once store one offer, whatever code path writes. Prisma cannot declare a partial
-- index, so it is written here (see Offer in schema.prisma).

-- A buyer who already got two open offers on one home (the race this closes) keeps the accepted one, else
-- the newest. The others are withdrawn for the agency, with the move on each offer's written record.
INSERT INTO "OfferEvent" ("offerId", "action", "amount", "by", "createdAt")
SELECT o."id", 'withdrawn', NULL, 'agency', now()
FROM "Offer" o
WHERE o."status" IN ('pending', 'countered')
  AND EXISTS (
    SELECT 1 FROM "Offer" k
    WHERE k."projectId" = o."projectId" AND k."buyerId" = o."buyerId" AND k."id" <> o."id"
      AND (k."status" = 'accepted' OR (k."status" IN ('pending', 'countered') AND k."id" > o."id"))
  );

UPDATE "Offer" o SET "status" = 'withdrawn', "updatedAt" = now()
WHERE o."status" IN ('pending', 'countered')
  AND EXISTS (
    SELECT 1 FROM "Offer" k
    WHERE k."projectId" = o."projectId" AND k."buyerId" = o."buyerId" AND k."id" <> o."id"
      AND (k."status" = 'accepted' OR (k."status" IN ('pending', 'countered') AND k."id" > o."id"))
  );

CREATE UNIQUE INDEX "Offer_one_open_per_buyer_and_home" ON "Offer"("projectId", "buyerId")
WHERE "status" IN ('pending', 'countered', 'accepted');
