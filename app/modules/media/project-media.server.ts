// A project's media as the admin's upload tabs show them. (Minimal read-only version; the uploads work
// replaces this file with the full one, keeping this signature.)
import { prisma } from "../../lib/db.server";
import { mediaUrl } from "./storage.server";

export type ProjectMedia = {
  images: { id: number; url: string; fileName: string; altText: string; position: number; width: number | null; height: number | null }[];
  floorPlans: { id: number; url: string; fileName: string }[];
  documents: { id: number; url: string; name: string; type: "EPC" | "RICS" | "OTHER" }[];
};

export async function getProjectMedia(projectId: number): Promise<ProjectMedia> {
  const [images, floorPlans, documents] = await Promise.all([
    prisma.projectImage.findMany({ where: { projectId }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    prisma.floorPlan.findMany({ where: { projectId }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    prisma.projectDocument.findMany({ where: { projectId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  return {
    images: images.map((i) => ({ id: i.id, url: mediaUrl(i.storageKey), fileName: i.fileName, altText: i.altText, position: i.position, width: i.width, height: i.height })),
    floorPlans: floorPlans.map((f) => ({ id: f.id, url: mediaUrl(f.storageKey), fileName: f.fileName })),
    documents: documents.map((d) => ({ id: d.id, url: mediaUrl(d.storageKey), name: d.name, type: d.type })),
  };
}
