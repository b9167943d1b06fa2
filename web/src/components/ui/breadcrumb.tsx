// A breadcrumb trail (Home / Beauty / Glam Bridal Makeup): links up the way, the current page last.
import { Link } from 'react-router-dom';
import { t } from '@/lib/i18n';
import './breadcrumb.css';

export interface Crumb {
  label: string;
  /** Left out for the current page. */
  to?: string;
}

export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label={t('Breadcrumb')}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={index}>
            {crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
