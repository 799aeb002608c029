// A project's photos, floor plans and documents as the admin's upload tabs show them.
import { prisma } from "../../lib/db.server";
import type { ProjectMedia } from "./project-media";
import { mediaUrl } from "./storage.server";

export async function getProjectMedia(projectId: number): Promise<ProjectMedia> {
  const [images, floorPlans, documents] = await Promise.all([
    prisma.projectImage.findMany({ where: { projectId }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    prisma.floorPlan.findMany({ where: { projectId }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    prisma.projectDocument.findMany({ where: { projectId }, orderBy: [{ type: "asc" }, { id: "asc" }] }),
  ]);
  return {
    images: images.map((i) => ({
      id: i.id,
      url: mediaUrl(i.storageKey),
      fileName: i.fileName,
      altText: i.altText,
      position: i.position,
      width: i.width,
      height: i.height,
    })),
    floorPlans: floorPlans.map((p) => ({ id: p.id, url: mediaUrl(p.storageKey), fileName: p.fileName })),
    documents: documents.map((d) => ({ id: d.id, url: mediaUrl(d.storageKey), name: d.name, type: d.type })),
  };
}
