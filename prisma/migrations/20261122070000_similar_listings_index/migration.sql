-- 'Similar to this property' (findSimilarListings in app/modules/listings/listings.server.ts) reads, for
-- each similar property type, the listed homes nearest in price on either side: a few entries of this
-- index per type. It also lists the stored property types by probing it once per type.
-- Written by hand, like 20261122041524: the Prisma schema cannot declare a partial index, so it is not
-- in schema.prisma and no later migration Prisma writes will drop or re-create it.

-- CreateIndex
CREATE INDEX "Project_similar_idx" ON "Project"("propertyType", "price", "id") WHERE "status" = 'completed';
