// A listing's photos on the post form: the ones picked on this device and the ones already stored, and
// the checks made when picking (SPEC §5, §8). Which files are photos, and how a picked one is sent
// (SPEC §3), are lib/photos.ts's: a team member's photo follows the same rules.
import { t } from '@/lib/i18n';
import { isSupportedImage } from '@/lib/photos';

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
