// Responsive image URLs. Each stored image can be fetched resized to one of a few widths as WebP at
// /img/<width>/<storage key> (made once on first request, then kept in the file store beside the original).

export const IMAGE_WIDTHS = [320, 640, 800, 960, 1280, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const isImageWidth = (width: number): width is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(width);

export const imageVariantUrl = (storageKey: string, width: ImageWidth) => `/img/${width}/${storageKey}`;

/** A photo as a page draws it: `url` is a mid-sized fallback, `srcSet` lets the browser pick by layout width. */
export type ResponsiveImage = { url: string; srcSet: string; alt: string; width: number | null; height: number | null };

/**
 * Variants up to the original's width: smaller widths as they are, then the first allowed width at or
 * above the original, which the resizer leaves at the original size (it never enlarges).
 */
export function responsiveImage(image: {
  storageKey: string;
  altText: string;
  width: number | null;
  height: number | null;
}): ResponsiveImage {
  const original = image.width ?? Infinity;
  const candidates: string[] = [];
  for (const width of IMAGE_WIDTHS) {
    candidates.push(`${imageVariantUrl(image.storageKey, width)} ${Math.min(width, original)}w`);
    if (width >= original) break;
  }
  const fallback = IMAGE_WIDTHS.find((w) => w >= Math.min(960, original)) ?? 960;
  return {
    url: imageVariantUrl(image.storageKey, fallback),
    srcSet: candidates.join(", "),
    alt: image.altText,
    width: image.width,
    height: image.height,
  };
}

/** A photo or plan in a gallery, with the caption the viewer shows under it. */
export type CaptionedImage = ResponsiveImage & { caption: string };

/** A small preview of a stored image from its /media URL (for admin lists). */
export const thumbnailUrl = (mediaUrl: string, width: ImageWidth = 320) =>
  mediaUrl.replace(/^\/media\//, `/img/${width}/`);
