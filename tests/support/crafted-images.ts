// Hand-made image files for tests of what decoders do with hostile input.
import { crc32 } from "node:zlib";

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Uint8Array) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose chunks are all well formed (right lengths and CRCs), with whatever header and image data. */
export function craftedPng({
  width,
  height,
  bitDepth = 8,
  colourType = 6,
  idat,
}: {
  width: number;
  height: number;
  bitDepth?: number;
  colourType?: number;
  idat: Uint8Array;
}) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colourType;
  return Buffer.concat([PNG_SIGNATURE, chunk("IHDR", ihdr), chunk("IDAT", idat), chunk("IEND", new Uint8Array())]);
}

/** The file that used to end the server: a 2 × 2 RGBA PNG whose image data is not a zlib stream. */
export const NOT_ZLIB_PNG = craftedPng({ width: 2, height: 2, idat: Buffer.from("this is not a zlib stream") });
