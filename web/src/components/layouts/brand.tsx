// The Mtaani wordmark with its pin logo, linking home.
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import './brand.css';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--color-primary)" />
      <path
        d="M16 6.5c-4.1 0-7.3 3.2-7.3 7.2 0 5.2 6 10.9 6.7 11.5a.9.9 0 0 0 1.2 0c.7-.6 6.7-6.3 6.7-11.5 0-4-3.2-7.2-7.3-7.2z"
        fill="#fff"
      />
      <path d="M12.6 15.2 16 11.9l3.4 3.3v3.2h-6.8z" fill="var(--color-primary)" />
      <circle cx="23.5" cy="8.5" r="2.6" fill="var(--color-gold)" />
    </svg>
  );
}

export function Brand({ onClick, tone = 'dark' }: { onClick?: () => void; tone?: 'dark' | 'light' }) {
  return (
    <Link to={paths.home.getHref()} className={`brand brand--${tone}`} onClick={onClick}>
      <BrandMark />
      <span className="brand__name">Mtaani</span>
    </Link>
  );
}
