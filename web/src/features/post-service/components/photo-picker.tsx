// The listing's photos (SPEC §5): a large pick-or-drop area, previews with remove buttons and a count
// against the package's limit. Previews are object URLs, released when removed or when the form goes.
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { FieldShell, useFieldIds } from '@/components/ui/form-field';
import { CloseIcon, WarningIcon } from '@/components/ui/icons';
import { CameraIcon } from '@/components/ui/page-icons';
import { t } from '@/lib/i18n';
import { ACCEPTED_IMAGE_TYPES } from '@/lib/photos';
import { pickPhotos, type ListingPhotoItem } from '../photos';

// The preview box is 4:3 like every listing photo; these reserve its space before the image decodes.
const PREVIEW_WIDTH = 160;
const PREVIEW_HEIGHT = 120;

interface PhotoPickerProps {
  photos: readonly ListingPhotoItem[];
  onChange: (photos: ListingPhotoItem[]) => void;
  /** The package's photo count; stored photos that stay count too. */
  limit: number;
  packageName: string;
  /** The form's message: none picked, or the server's. */
  error?: string;
}

export function PhotoPicker({ photos, onChange, limit, packageName, error }: PhotoPickerProps) {
  const hint =
    limit === 1
      ? t('JPEG, PNG or WebP. Your {package} package allows 1 photo per listing.', { package: packageName })
      : t('JPEG, PNG or WebP. Your {package} package allows {limit} photos per listing; the first is the cover.', {
          package: packageName,
          limit,
        });
  const ids = useFieldIds(hint, error);
  const problemsId = useId();
  const countId = useId();
  // Messages about the files just picked that were left out; they replace the previous pick's.
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const createdUrls = useRef(new Set<string>());
  const focusAfterRemoval = useRef<number | null>(null);

  // Whatever the seller picked and did not remove is released with the form.
  useEffect(() => {
    const urls = createdUrls.current;
    return () => {
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
    };
  }, []);

  // After a removal the focus stays in the list (the photo that took its place, else the one
  // before), or returns to the picker when none is left, instead of falling to the page.
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    (next ?? inputRef.current)?.focus();
  });

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so that picking the same file again (after removing it) is seen as a change.
    event.target.value = '';
    setDragging(false);
    if (files.length === 0) return;
    const { accepted, problems: found } = pickPhotos(files, { current: photos.length, limit, packageName });
    setProblems(found);
    if (accepted.length === 0) return;
    const added = accepted.map((file): ListingPhotoItem => {
      const url = URL.createObjectURL(file);
      createdUrls.current.add(url);
      return { kind: 'new', key: url, src: url, file };
    });
    onChange([...photos, ...added]);
  }

  function remove(index: number) {
    const photo = photos[index];
    if (!photo) return;
    if (photo.kind === 'new') {
      URL.revokeObjectURL(photo.src);
      createdUrls.current.delete(photo.src);
    }
    setProblems([]);
    focusAfterRemoval.current = index;
    onChange(photos.filter((_, i) => i !== index));
  }

  const full = photos.length >= limit;
  const describedBy = [ids.describedBy, problems.length > 0 && problemsId, countId].filter(Boolean).join(' ');

  return (
    // The hint goes above the drop area (FieldShell would put it at the end), next to the label it explains.
    <FieldShell label={t('Photos')} ids={ids} error={error} className="photo-picker">
      <p id={ids.hintId} className="field__hint">
        {hint}
      </p>
      <div
        className={[
          'photo-picker__zone',
          dragging && 'photo-picker__zone--dragging',
          full && 'photo-picker__zone--full',
        ]
          .filter(Boolean)
          .join(' ')}
        onDragEnter={() => setDragging(true)}
        onDragLeave={() => setDragging(false)}
        onDrop={() => setDragging(false)}
      >
        {/* What the eye sees; the input laid over it is what is clicked, tapped, dropped on and read out. */}
        <span className="photo-picker__prompt" aria-hidden="true">
          <span className="photo-picker__icon">
            <CameraIcon size={28} />
          </span>
          <span className="photo-picker__action">{full ? t('Photo limit reached') : t('Add photos')}</span>
          <span className="photo-picker__detail">
            {full ? t('Remove a photo to add another') : t('Tap to choose, or drop photos here')}
          </span>
        </span>
        <input
          ref={inputRef}
          id={ids.id}
          name="photos"
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          multiple
          className="photo-picker__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={onPick}
        />
      </div>

      <div id={problemsId} aria-live="polite" className="photo-picker__problems">
        {problems.map((problem, index) => (
          <p key={index} className="field__error">
            <WarningIcon size={16} />
            {problem}
          </p>
        ))}
      </div>

      {photos.length > 0 && (
        <ul ref={listRef} className="photo-picker__previews" role="list" aria-label={t('Chosen photos')}>
          {photos.map((photo, index) => (
            <li key={photo.key} className="photo-picker__preview">
              <img src={photo.src} alt={t('Photo {number}', { number: index + 1 })} width={PREVIEW_WIDTH} height={PREVIEW_HEIGHT} />
              {index === 0 && <span className="photo-picker__cover">{t('Cover')}</span>}
              <button
                type="button"
                className="photo-picker__remove"
                aria-label={t('Remove photo {number}', { number: index + 1 })}
                onClick={() => remove(index)}
              >
                <CloseIcon size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}

      <p id={countId} className="photo-picker__count" aria-live="polite">
        {t('{count} of {limit} photos', { count: photos.length, limit })}
      </p>
    </FieldShell>
  );
}
