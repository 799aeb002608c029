import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";

import sharp from "sharp";
import { beforeEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { getProjectMedia } from "../../app/modules/media/project-media.server";
import { mediaResponse } from "../../app/modules/media/serve.server";
import { fileFor, uploadsDir } from "../../app/modules/media/storage.server";
import { loader as detailsLoader } from "../../app/routes/admin-property-details.$projectId";
import { action as pageAction } from "../../app/routes/admin-property-details.$projectId.media";
import { action as filesAction } from "../../app/routes/api.v1.admin.projects.$id.files";
import { action as imageAction } from "../../app/routes/api.v1.admin.projects.$id.images.$imageId";
import { action as uploadAction } from "../../app/routes/api.v1.admin.projects.$id.upload";
import { setupTestDatabase } from "../support/database";
import { account, projectOf, routeArgs, settle } from "../support/payments";
import {
  docxDocument,
  htmlPage,
  jpegPhoto,
  jpegWithGps,
  pdfDocument,
  pngImage,
  webpImage,
} from "../support/upload-files";

setupTestDatabase();
// Each test starts with no stored files, so "nothing stored" can be checked exactly.
beforeEach(() => rm(uploadsDir(), { recursive: true, force: true }));

type Upload = { name: string; bytes: Uint8Array; type?: string };

function multipart(files: Upload[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(
      "files",
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "application/octet-stream" }),
    );
  return form;
}

function upload(
  projectId: number,
  cookie: string,
  files: Upload[],
  { section, fields }: { section?: string; fields?: Record<string, string> } = {},
) {
  const query = section ? `?section=${section}` : "";
  const request = new Request(`http://localhost/api/v1/admin/projects/${projectId}/upload${query}`, {
    method: "PUT",
    headers: { Cookie: cookie },
    body: multipart(files, fields),
  });
  return uploadAction(routeArgs(request, { id: String(projectId) })) as Promise<Response>;
}

function deleteFiles(projectId: number, cookie: string, query: string) {
  const request = new Request(`http://localhost/api/v1/admin/projects/${projectId}/files?${query}`, {
    method: "DELETE",
    headers: { Cookie: cookie },
  });
  return filesAction(routeArgs(request, { id: String(projectId) })) as Promise<Response>;
}

function editImage(projectId: number, imageId: number, cookie: string, body: unknown) {
  const request = new Request(`http://localhost/api/v1/admin/projects/${projectId}/images/${imageId}`, {
    method: "PUT",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return imageAction(routeArgs(request, { id: String(projectId), imageId: String(imageId) })) as Promise<Response>;
}

async function storedFiles() {
  const entries = await readdir(uploadsDir(), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function expectNothingStored(projectId: number, filesBefore: string[]) {
  const [images, plans, documents] = await Promise.all([
    prisma.projectImage.count({ where: { projectId } }),
    prisma.floorPlan.count({ where: { projectId } }),
    prisma.projectDocument.count({ where: { projectId } }),
  ]);
  expect({ images, plans, documents }).toEqual({ images: 0, plans: 0, documents: 0 });
  expect(await storedFiles()).toEqual(filesBefore);
}

const keyOf = (url: string) => url.replace(/^\/media\//, "");

describe("admin uploads", () => {
  test("two photos, a floor plan and a PDF are stored in order, re-encoded, and listed for the tab", async () => {
    const admin = await account("admin");
    const project = await projectOf(null, "7 Mill Lane, Leicester LE2 7HU");

    const photos = await upload(
      project.id,
      admin.cookie,
      [
        { name: "front.jpg", bytes: await jpegPhoto(1600, 1200), type: "image/jpeg" },
        { name: "garden.png", bytes: await pngImage(800, 600), type: "image/png" },
      ],
      { section: "images" },
    );
    expect(photos.status).toBe(201);
    expect(await photos.json()).toEqual({ message: "Images uploaded successfully!", section: "images", count: 2 });

    // The section may also come as a field; a plan without "floor" in its name gets the prefix.
    const plan = await upload(project.id, admin.cookie, [{ name: "ground.png", bytes: await pngImage() }], {
      fields: { section: "floorplans" },
    });
    expect(plan.status).toBe(201);
    expect((await plan.json()).message).toBe("Floor Plans uploaded successfully!");

    const pdf = await upload(project.id, admin.cookie, [{ name: "EPC 2026.pdf", bytes: pdfDocument() }], {
      section: "documents",
      fields: { documentType: "EPC" },
    });
    expect(pdf.status).toBe(201);
    expect((await pdf.json()).message).toBe("Documents uploaded successfully!");

    const media = await getProjectMedia(project.id);
    expect(
      media.images.map(({ fileName, altText, position, width, height }) => ({
        fileName,
        altText,
        position,
        width,
        height,
      })),
    ).toEqual([
      {
        fileName: "front.webp",
        altText: "Photo 1 of 7 Mill Lane, Leicester LE2 7HU",
        position: 0,
        width: 1600,
        height: 1200,
      },
      {
        fileName: "garden.webp",
        altText: "Photo 2 of 7 Mill Lane, Leicester LE2 7HU",
        position: 1,
        width: 800,
        height: 600,
      },
    ]);
    expect(media.floorPlans.map((p) => p.fileName)).toEqual(["floor_ground.webp"]);
    expect(media.documents).toEqual([
      {
        id: expect.any(Number),
        url: expect.stringMatching(/^\/media\/documents\/[0-9a-f]{24}\.pdf$/),
        name: "EPC 2026.pdf",
        type: "EPC",
      },
    ]);

    for (const image of [...media.images, ...media.floorPlans]) {
      expect(image.url).toMatch(/^\/media\/(images|floorplans)\/[0-9a-f]{24}\.webp$/);
      expect((await sharp(await readFile(fileFor(keyOf(image.url)))).metadata()).format).toBe("webp");
    }

    // Served with its type and a year's cache (nosniff comes from the server for every answer); the document as a download under its name.
    const photo = await mediaResponse(keyOf(media.images[0]!.url));
    expect(photo.headers.get("Content-Type")).toBe("image/webp");
    expect(photo.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const document = await mediaResponse(keyOf(media.documents[0]!.url));
    expect(document.headers.get("Content-Type")).toBe("application/pdf");
    expect(document.headers.get("Content-Disposition")).toBe(
      `attachment; filename="EPC 2026.pdf"; filename*=UTF-8''EPC%202026.pdf`,
    );
    expect(Buffer.from(await document.arrayBuffer()).equals(pdfDocument())).toBe(true);
    expect((await mediaResponse("images/0123456789abcdef01234567.webp")).status).toBe(404);
    expect((await mediaResponse("../session-secret")).status).toBe(404);
  });

  test("DOCX documents are typed; a Word file named .pdf is refused", async () => {
    const admin = await account("admin");
    const project = await projectOf(null);
    const ok = await upload(project.id, admin.cookie, [{ name: "Survey.docx", bytes: docxDocument() }], {
      section: "documents",
      fields: { documentType: "rics" },
    });
    expect(ok.status).toBe(201);
    expect((await getProjectMedia(project.id)).documents.map((d) => [d.name, d.type])).toEqual([
      ["Survey.docx", "RICS"],
    ]);
    const lying = await upload(project.id, admin.cookie, [{ name: "Survey.pdf", bytes: docxDocument() }], {
      section: "documents",
    });
    expect(lying.status).toBe(415);
    expect((await lying.json()).message).toBe("“Survey.pdf” is a Word document, so its name should end in .docx.");
  });

  test("photo descriptions can be edited and the order changed; deletes remove the rows and the files", async () => {
    const admin = await account("admin");
    const project = await projectOf(null);
    await upload(
      project.id,
      admin.cookie,
      [
        { name: "a.jpg", bytes: await jpegPhoto() },
        { name: "b.webp", bytes: await webpImage() },
        { name: "c.png", bytes: await pngImage() },
      ],
      { section: "images" },
    );
    let images = (await getProjectMedia(project.id)).images;
    const [a, b, c] = images.map((i) => i.id) as [number, number, number];

    expect((await editImage(project.id, b, admin.cookie, { altText: "  Sunny rear garden  " })).status).toBe(200);
    expect((await editImage(project.id, c, admin.cookie, { direction: "up" })).status).toBe(200);
    expect((await editImage(project.id, a, admin.cookie, { direction: "up" })).status).toBe(200); // already first: stays
    const blank = await editImage(project.id, a, admin.cookie, { altText: " " });
    expect(blank.status).toBe(400);
    images = (await getProjectMedia(project.id)).images;
    expect(images.map((i) => [i.id, i.position])).toEqual([
      [a, 0],
      [c, 1],
      [b, 2],
    ]);
    expect(images.find((i) => i.id === b)!.altText).toBe("Sunny rear garden");

    // One file, then the rest of the section.
    const one = await deleteFiles(project.id, admin.cookie, `section=images&fileId=${c}`);
    expect(one.status).toBe(200);
    expect(await storedFiles()).toHaveLength(2);
    expect((await getProjectMedia(project.id)).images.map((i) => [i.id, i.position])).toEqual([
      [a, 0],
      [b, 1],
    ]);
    const rest = await deleteFiles(project.id, admin.cookie, "section=images");
    expect(await rest.json()).toEqual({ message: "Deleted images successfully", count: 2 });
    expect(await storedFiles()).toEqual([]);
    expect(await prisma.projectImage.count()).toBe(0);

    expect((await deleteFiles(project.id, admin.cookie, "section=pictures")).status).toBe(400);
    expect((await deleteFiles(project.id, admin.cookie, `section=images&fileId=${a}`)).status).toBe(404);
  });

  test("EXIF and GPS are gone from a stored photo", async () => {
    const admin = await account("admin");
    const project = await projectOf(null);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes("TestPhone")).toBe(true);
    await upload(project.id, admin.cookie, [{ name: "phone.jpg", bytes: original }], { section: "images" });
    const [image] = (await getProjectMedia(project.id)).images;
    const stored = await readFile(fileFor(keyOf(image!.url)));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes("TestPhone")).toBe(false);
    expect(stored.includes("GPS")).toBe(false);
  });

  describe("refusals store nothing", () => {
    test.each([
      [
        "a 30 MB image",
        async () => ({ name: "huge.jpg", bytes: Buffer.concat([await jpegPhoto(), Buffer.alloc(30 * 1024 * 1024)]) }),
        "images",
        413,
        "Images can be at most 15 MB each.",
      ],
      [
        "an HTML file renamed .jpg",
        () => ({ name: "photo.jpg", bytes: htmlPage(), type: "image/jpeg" }),
        "images",
        415,
        "“photo.jpg” is not an image we accept. Photos must be JPEG, PNG or WebP images.",
      ],
      [
        "a PDF renamed .png",
        () => ({ name: "plan.png", bytes: pdfDocument(), type: "image/png" }),
        "floorplans",
        415,
        "“plan.png” is a PDF. Floor plans must be JPEG, PNG or WebP images.",
      ],
      [
        "a JPEG as a document",
        async () => ({ name: "scan.pdf", bytes: await jpegPhoto() }),
        "documents",
        415,
        "“scan.pdf” is a JPEG image. Documents must be PDF, DOC or DOCX files.",
      ],
      [
        "a PDF cut short",
        () => ({ name: "survey.pdf", bytes: pdfDocument().subarray(0, 60) }),
        "documents",
        415,
        "“survey.pdf” could not be read as a PDF: it may be damaged or cut short.",
      ],
      [
        "a 26 MB document",
        () => ({ name: "big.pdf", bytes: Buffer.concat([pdfDocument(), Buffer.alloc(26 * 1024 * 1024)]) }),
        "documents",
        413,
        "Documents can be at most 25 MB each.",
      ],
    ])("%s", async (_, make, section, status, message) => {
      const admin = await account("admin");
      const project = await projectOf(null);
      const before = await storedFiles();
      // A good file first: it is checked and then dropped with the bad one.
      const response = await upload(
        project.id,
        admin.cookie,
        [{ name: "good.jpg", bytes: await jpegPhoto() }, await make()].slice(section === "documents" ? 1 : 0),
        { section },
      );
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ message });
      await expectNothingStored(project.id, before);
    });

    test("an image over 15 MB is refused when the section comes as a field too", async () => {
      const admin = await account("admin");
      const project = await projectOf(null);
      const response = await upload(
        project.id,
        admin.cookie,
        [{ name: "big.jpg", bytes: Buffer.concat([await jpegPhoto(), Buffer.alloc(16 * 1024 * 1024)]) }],
        { fields: { section: "images" } },
      );
      expect(response.status).toBe(413);
      expect((await response.json()).message).toBe("“big.jpg” is too large. Images can be at most 15 MB each.");
      await expectNothingStored(project.id, []);
    });

    test("a vendor gets 403, a visitor 401, and an unknown project 404", async () => {
      const vendor = await account("vendor");
      const admin = await account("admin");
      const project = await projectOf(vendor);
      const files = [{ name: "a.jpg", bytes: await jpegPhoto() }];
      const byVendor = await upload(project.id, vendor.cookie, files, { section: "images" });
      expect(byVendor.status).toBe(403);
      expect(await byVendor.json()).toEqual({ message: "This endpoint is for admins only." });
      expect((await upload(project.id, "", files, { section: "images" })).status).toBe(401);
      expect((await upload(project.id + 1000, admin.cookie, files, { section: "images" })).status).toBe(404);
      expect((await deleteFiles(project.id, vendor.cookie, "section=images")).status).toBe(403);
      await expectNothingStored(project.id, []);
    });

    test("no files, or an unknown section, is a 400", async () => {
      const admin = await account("admin");
      const project = await projectOf(null);
      expect((await upload(project.id, admin.cookie, [], { section: "images" })).status).toBe(400);
      const photo = [{ name: "a.jpg", bytes: await jpegPhoto() }];
      expect((await upload(project.id, admin.cookie, photo, { section: "attic" })).status).toBe(400);
      await expectNothingStored(project.id, []);
    });

    test("without a section anywhere, the files are photos", async () => {
      const admin = await account("admin");
      const project = await projectOf(null);
      const answer = await upload(project.id, admin.cookie, [{ name: "a.jpg", bytes: await jpegPhoto() }]);
      expect(answer.status).toBe(201);
      expect(await answer.json()).toMatchObject({ section: "images", count: 1 });
    });
  });

  test("without JavaScript: the tab's form uploads and redirects back with a toast; a refusal says why", async () => {
    const admin = await account("admin");
    const project = await projectOf(null);
    const post = async (files: Upload[], section: string) => {
      const request = new Request(`http://localhost/admin-property-details/${project.id}/media?section=${section}`, {
        method: "POST",
        headers: { Cookie: admin.cookie },
        body: multipart(files),
      });
      return (await pageAction(routeArgs(request, { projectId: String(project.id) }))) as Response;
    };
    const ok = await post([{ name: "plan.jpg", bytes: await jpegPhoto() }], "floorplans");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`/admin-property-details/${project.id}?tab=floorplans`);
    expect(ok.headers.get("Set-Cookie")).toContain("toast=");
    expect((await getProjectMedia(project.id)).floorPlans).toHaveLength(1);

    const refused = await post([{ name: "x.jpg", bytes: htmlPage() }], "images");
    expect(refused.headers.get("Location")).toBe(`/admin-property-details/${project.id}?tab=images`);
    expect((await getProjectMedia(project.id)).images).toHaveLength(0);

    const details = await settle(() =>
      detailsLoader(
        routeArgs(
          new Request(`http://localhost/admin-property-details/${project.id}?tab=floorplans`, {
            headers: { Cookie: admin.cookie },
          }),
          { projectId: String(project.id) },
        ),
      ),
    );
    expect(details.status).toBe(200);
    expect((details.data as { tab: string }).tab).toBe("floorplans");
    for (const projectId of ["abc", "99999"]) {
      const missing = await settle(() =>
        detailsLoader(
          routeArgs(
            new Request(`http://localhost/admin-property-details/${projectId}`, { headers: { Cookie: admin.cookie } }),
            { projectId },
          ),
        ),
      );
      expect(missing.status).toBe(404);
    }
  });
});
