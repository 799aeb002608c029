// Real files of each kind for the upload tests, made in memory: photos with sharp, a PDF, Word files
// (a DOCX is a zip with word/ parts; a DOC an OLE2 compound file with a WordDocument stream), and impostors.
import { crc32 } from "node:zlib";

import sharp from "sharp";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 80 } } });

export const jpegPhoto = (width = 800, height = 600) => solid(width, height).jpeg().toBuffer();
export const pngImage = (width = 400, height = 300) => solid(width, height).png().toBuffer();
export const webpImage = (width = 400, height = 300) => solid(width, height).webp().toBuffer();

/** A JPEG carrying EXIF with a camera model and a GPS position, as a phone would write it. */
export function jpegWithGps() {
  return solid(640, 480)
    .jpeg()
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Camera 9", Copyright: "Vera Vendor" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 38/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "1/1 8/1 0/1" },
    })
    .toBuffer();
}

export const pdfDocument = () =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );

/** A zip with the given entries, stored without compression. */
export function zipOf(entries: Record<string, string>) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const docxDocument = () =>
  zipOf({
    "[Content_Types].xml":
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    "word/document.xml":
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
  });

function compoundFile(streamName: string) {
  const bytes = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0);
  Buffer.from(streamName, "utf16le").copy(bytes, 1024);
  return bytes;
}
export const docDocument = () => compoundFile("WordDocument");
/** An Excel 97 workbook is a compound file too, but not a Word document. */
export const xlsWorkbook = () => compoundFile("Workbook");

export const htmlPage = () => Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
export const svgImage = () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
