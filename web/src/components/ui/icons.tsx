// Inline SVG icons (decorative: the control around an icon carries the accessible name): those of the
// app's shell (header, footer, toasts, the hearts); the pages' own are in page-icons.tsx, so that the
// first load of every page does not carry them.
import type { ReactNode, SVGProps } from 'react';
import { iconPaths } from './icon-paths';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** `children`, or `drawing`: one of iconPaths (icon-paths.ts). */
export function Icon({
  size = 20,
  children,
  drawing,
  ...props
}: IconProps & { children?: ReactNode; drawing?: keyof typeof iconPaths }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
      dangerouslySetInnerHTML={drawing ? { __html: iconPaths[drawing] } : undefined}
    >
      {drawing ? undefined : children}
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => <Icon {...p} drawing="menu" />;

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Icon>
);

export const UserIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c1.2-3.6 4-5.5 7.5-5.5s6.3 1.9 7.5 5.5" />
  </Icon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const MapPinIcon = (p: IconProps) => <Icon {...p} drawing="mapPin" />;

export const CalendarIcon = (p: IconProps) => <Icon {...p} drawing="calendar" />;

export const MailIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="M3.5 7l8.5 6 8.5-6" />
  </Icon>
);

export const LogoutIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4" />
  </Icon>
);

export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const FacebookIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14.5 8H16V4.5h-2.2c-2.6 0-3.8 1.6-3.8 4V11H8v3.3h2V21h3.5v-6.7h2.3l.4-3.3h-2.7V9c0-.6.4-1 1-1z" />
  </Icon>
);

export const InstagramIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
  </Icon>
);

export const TwitterIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 5.5c-.7.3-1.4.5-2.1.6.8-.5 1.3-1.2 1.6-2-.7.4-1.5.7-2.3.9a3.6 3.6 0 0 0-6.2 3.3A10.3 10.3 0 0 1 4.5 4.5a3.6 3.6 0 0 0 1.1 4.8c-.6 0-1.2-.2-1.6-.4 0 1.8 1.2 3.2 2.9 3.6-.5.1-1.1.2-1.6.1.5 1.4 1.8 2.5 3.4 2.5A7.3 7.3 0 0 1 3 16.6 10.3 10.3 0 0 0 8.6 18c6.6 0 10.3-5.5 10.3-10.3v-.5c.8-.5 1.5-1.1 2.1-1.7z" />
  </Icon>
);

export const CheckCircleIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.3l2.7 2.7L16.2 9.5" />
  </Icon>
);

export const WarningIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </Icon>
);

export const InfoIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5M12 7.5v.01" />
  </Icon>
);

export const HeartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z" />
  </Icon>
);

export const StarIcon = (p: IconProps) => <Icon fill="currentColor" stroke="none" {...p} drawing="star" />;

export const WhatsAppIcon = (p: IconProps) => <Icon {...p} drawing="whatsApp" />;

export const EyeIcon = (p: IconProps) => <Icon {...p} drawing="eye" />;

export const EyeOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10.6 6A9.7 9.7 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.6 3.4M6.4 7.1C3.9 8.8 2.5 12 2.5 12S6 18.5 12 18.5c1.7 0 3.2-.5 4.5-1.2" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3.5 3.5l17 17" />
  </Icon>
);

export const PhoneIcon = (p: IconProps) => <Icon {...p} drawing="phone" />;

export const ArrowRightIcon = (p: IconProps) => <Icon {...p} drawing="arrowRight" />;
