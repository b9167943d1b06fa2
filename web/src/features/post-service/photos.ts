// A listing's photos on the post form: the ones picked on this device and the ones already stored,
// the checks made when picking (SPEC §5, §8), and how a picked photo is sent (SPEC §3).
import { t } from '@/lib/i18n';

/** A photo of the listing being edited: stored on the server, or picked on this device. */
export type ListingPhotoItem =
  | {
      kind: 'stored';
      /** The stored photo's `data` URL: sent back in `keepMedia` to keep it. */
      key: string;
      /** Its card-size thumbnail, for the preview. */
      src: string;
    }
  | {
      kind: 'new';
      /** The object URL of the preview, which also tells the photos apart. */
      key: string;
      src: string;
      file: File;
    };

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// Some phone pickers hand over files without a type; their name still says what they are.
const ACCEPTED_EXTENSION = /\.(jpe?g|png|webp)$/i;

export function isSupportedImage(file: File): boolean {
  if (file.type) return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
  return ACCEPTED_EXTENSION.test(file.name);
}

export function unsupportedImageMessage(fileName: string): string {
  return t('File {name} is not a supported image format.', { name: fileName });
}

/** 'Your Basic package allows only 1 photo(s).' (SPEC §8), the same text the server answers. */
export function photoLimitMessage(packageName: string, limit: number): string {
  return t('Your {package} package allows only {limit} photo(s).', { package: packageName, limit });
}

export interface PickResult {
  /** The files that fit, in the order picked. */
  accepted: File[];
  /** What to tell the seller about the files left out; empty when all fit. */
  problems: string[];
}

/**
 * Splits picked files into those that join the listing and the messages for the rest: files that
 * are not JPEG, PNG or WebP, and files beyond the package's photo count.
 */
export function pickPhotos(
  files: readonly File[],
  { current, limit, packageName }: { current: number; limit: number; packageName: string },
): PickResult {
  const accepted: File[] = [];
  const problems: string[] = [];
  let overLimit = false;
  for (const file of files) {
    if (!isSupportedImage(file)) problems.push(unsupportedImageMessage(file.name));
    else if (current + accepted.length >= limit) overLimit = true;
    else accepted.push(file);
  }
  if (overLimit) problems.push(photoLimitMessage(packageName, limit));
  return { accepted, problems };
}

/** Photos larger than this are made smaller on the phone before they are sent, to save mobile data. */
export const DOWNSCALE_OVER_BYTES = 1.5 * 1024 * 1024;
/** The longest side of a made-smaller photo; the server keeps no more than its gallery size anyway. */
export const DOWNSCALED_MAX_SIDE = 1600;
const DOWNSCALED_QUALITY = 0.85;

/** A picked photo as the data URL the server reads (SPEC §3), made smaller first when it is large. */
export async function photoDataUrl(file: File): Promise<string> {
  if (file.size > DOWNSCALE_OVER_BYTES) {
    try {
      const smaller = await downscale(file);
      if (smaller.size < file.size) return await readAsDataUrl(smaller);
    } catch (error) {
      // The server re-encodes every photo: one this browser cannot redraw is sent as it is.
      console.warn(`Could not make ${file.name} smaller before sending it`, error);
    }
  }
  return readAsDataUrl(file);
}

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** The width and height that fit `width` x `height` within `maxSide`, never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function downscale(file: File): Promise<Blob> {
  // 'from-image' turns a phone photo upright by its EXIF orientation, as the gallery shows it.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height, DOWNSCALED_MAX_SIDE);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: a transparent PNG gets a white background rather than a black one.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The canvas gave no JPEG'))),
        'image/jpeg',
        DOWNSCALED_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}
