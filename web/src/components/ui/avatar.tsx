// A person's picture in a circle, beside their name (a team member: "Choose a stylist", My Account's
// team): their photo when they have one (the API's 192 px square), else their initials.
// Decorative: the name is always written next to it (MemberLabel). The circle's size is fixed and the
// photo fills it (avatar.css), so a photo arriving moves nothing on the page.
import { t } from '@/lib/i18n';
import { UserIcon } from './icons';
import './avatar.css';

/** The choice of no one in particular, before a team's members: whoever of them is free then. */
export const ANYONE_AVAILABLE = t('Anyone available');

/** 'Akinyi Otieno' -> 'AO', 'wanjiku' -> 'W', 'Mary Jane Wairimu' -> 'MW'; '' for a blank name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  // By code point, so a name starting with a letter outside the BMP keeps it whole.
  const letter = (word: string | undefined) => (word ? ([...word][0] ?? '') : '');
  return (letter(words[0]) + (words.length > 1 ? letter(words.at(-1)) : '')).toLocaleUpperCase();
}

interface AvatarProps {
  /** Whose; null for "anyone available", drawn as a person's outline. */
  name: string | null;
  /** The photo's URL (a member's `photo`); none or null: the initials. */
  photo?: string | null;
  /** 40 px, or 48 px. */
  size?: 'md' | 'lg';
}

const PIXELS = { md: 40, lg: 48 } as const;

export function Avatar({ name, photo, size = 'md' }: AvatarProps) {
  const letters = name ? initials(name) : '';
  const pixels = PIXELS[size];
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {photo ? (
        <img className="avatar__photo" src={photo} alt="" width={pixels} height={pixels} loading="lazy" />
      ) : (
        letters || <UserIcon size={pixels / 2} />
      )}
    </span>
  );
}

/** A member's avatar and name, or "Anyone available" for no one in particular. */
export function MemberLabel({ name, photo, size, className }: AvatarProps & { className?: string }) {
  return (
    <>
      <Avatar name={name} photo={photo} size={size} />
      <span className={className}>{name ?? ANYONE_AVAILABLE}</span>
    </>
  );
}
