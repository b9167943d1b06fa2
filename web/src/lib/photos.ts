// Photos picked on this device, as the API takes them (SPEC §3, §5): the files it accepts, its size
// limit, and a picked photo as the data URL it reads, made smaller first on the phone when large. The
// same rules for a listing's photos (post-service) and a team member's (booking).

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// Some phone pickers hand over files without a type; their name still says what they are.
const ACCEPTED_EXTENSION = /\.(jpe?g|png|webp)$/i;

export function isSupportedImage(file: File): boolean {
  if (file.type) return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
  return ACCEPTED_EXTENSION.test(file.name);
}

/** The most the server takes of one photo (as sent, after any shrinking); it refuses a larger one. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Photos larger than this are made smaller on the phone before they are sent, to save mobile data. */
export const DOWNSCALE_OVER_BYTES = 1.5 * 1024 * 1024;
/** The longest side of a made-smaller photo; the server keeps no more than its gallery size anyway. */
export const DOWNSCALED_MAX_SIDE = 1600;
const DOWNSCALED_QUALITY = 0.85;

/** A picked photo as it is sent: made smaller first when it is large, else (or when that fails) the file itself. */
export async function photoToSend(file: File): Promise<Blob> {
  if (file.size > DOWNSCALE_OVER_BYTES) {
    try {
      const smaller = await downscale(file);
      if (smaller.size < file.size) return smaller;
    } catch (error) {
      // The server re-encodes every photo: one this browser cannot redraw is sent as it is.
      console.warn(`Could not make ${file.name} smaller before sending it`, error);
    }
  }
  return file;
}

/** A picked photo as the data URL the server reads (SPEC §3), made smaller first when it is large. */
export async function photoDataUrl(file: File): Promise<string> {
  return readAsDataUrl(await photoToSend(file));
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
