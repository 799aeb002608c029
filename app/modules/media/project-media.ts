// What the admin's upload tabs show of a project's media: a type of its own, so the tab component can use it
// without importing the server file that reads it (project-media.server.ts).
export type ProjectMedia = {
  images: {
    id: number;
    url: string;
    fileName: string;
    altText: string;
    position: number;
    width: number | null;
    height: number | null;
  }[];
  floorPlans: { id: number; url: string; fileName: string }[];
  documents: { id: number; url: string; name: string; type: "EPC" | "RICS" | "OTHER" }[];
};
