// A team member's photo on their form: optional, picked on this device and shown in the
// avatar's circle as customers will see it, then changed or removed. The same files and limit as a
// listing's photos (lib/photos.ts), checked here with the server's own words before anything is sent.
import { useRef, useState, type ChangeEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FieldShell, useFieldIds } from '@/components/ui/form-field';
import { t } from '@/lib/i18n';
import { ACCEPTED_IMAGE_TYPES, isSupportedImage, MAX_PHOTO_BYTES, photoToSend, readAsDataUrl } from '@/lib/photos';

/**
 * The server's texts for errors.photo, said before sending when this device can tell (their Kiswahili
 * is the API's, in proto/i18n/sw.json).
 */
export const PHOTO_UNSUPPORTED = t('The photo is not a supported image format.');
export const PHOTO_TOO_LARGE = t('The photo is larger than 5 MB.');
const PHOTO_UNREADABLE = t('The photo could not be read. Please choose another.');

interface MemberPhotoFieldProps {
  /** Their name as typed: the initials shown while there is no photo. */
  name: string;
  /** What is shown: their stored photo's URL, a picked photo's data URL, or null for none. */
  photo: string | null;
  onChange: (photo: string | null) => void;
  /** A picked photo is being read (and made smaller): the form waits for it before it saves. */
  onBusy: (busy: boolean) => void;
  /** The server's message (errors.photo). */
  error?: string;
}

export function MemberPhotoField({ name, photo, onChange, onBusy, error }: MemberPhotoFieldProps) {
  const hint = t('JPEG, PNG or WebP, up to 5 MB. Customers see it beside their name.');
  // What this device found wrong with the file just picked; it is newer than the server's message.
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  const ids = useFieldIds(hint, shown);
  const inputRef = useRef<HTMLInputElement>(null);
  const pickRef = useRef<HTMLDivElement>(null);
  // Only the last pick counts: a large photo still being made smaller loses to a later one.
  const lastPick = useRef(0);

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so that picking the same file again (after removing it) is seen as a change.
    event.target.value = '';
    if (!file) return;
    const pick = ++lastPick.current;
    if (!isSupportedImage(file)) {
      setProblem(PHOTO_UNSUPPORTED);
      return;
    }
    setProblem(null);
    onBusy(true);
    try {
      const sent = await photoToSend(file);
      if (pick !== lastPick.current) return;
      if (sent.size > MAX_PHOTO_BYTES) {
        setProblem(PHOTO_TOO_LARGE);
        return;
      }
      const data = await readAsDataUrl(sent);
      if (pick === lastPick.current) onChange(data);
    } catch (reason) {
      console.warn(`Could not read ${file.name}`, reason);
      if (pick === lastPick.current) setProblem(PHOTO_UNREADABLE);
    } finally {
      if (pick === lastPick.current) onBusy(false);
    }
  }

  function remove() {
    ++lastPick.current;
    setProblem(null);
    onBusy(false);
    // The Remove button goes: the keyboard stays on the field, at its other button.
    pickRef.current?.querySelector<HTMLElement>('[data-action="pick-photo"]')?.focus();
    onChange(null);
  }

  return (
    <FieldShell label={t('Photo (optional)')} ids={ids} error={shown} hint={hint} className="member-photo" live>
      <div ref={pickRef} className="member-photo__row">
        <Avatar name={name} photo={photo} size="lg" />
        {/* Opened by the buttons, whose words the browser's own "Choose file" could not say in Kiswahili. */}
        <input
          ref={inputRef}
          id={ids.id}
          name="photo"
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="visually-hidden member-photo__input"
          tabIndex={-1}
          aria-invalid={shown ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => void onPick(event)}
        />
        <div className="member-photo__actions">
          <Button variant="secondary" data-action="pick-photo" aria-describedby={ids.describedBy} onClick={() => inputRef.current?.click()}>
            {photo ? t('Change photo') : t('Choose a photo')}
          </Button>
          {photo && (
            <Button variant="ghost" onClick={remove}>
              {t('Remove photo')}
            </Button>
          )}
        </div>
      </div>
    </FieldShell>
  );
}
