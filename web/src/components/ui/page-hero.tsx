// The opening band of the content pages (About, Blog, Contact, the legal pages): a small label, the
// page's one h1 and a lead paragraph.
import type { ReactNode } from 'react';
import './page-hero.css';

interface PageHeroProps {
  /** A short label above the heading, e.g. 'Get in touch'. */
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** Under the lead: a date line, buttons. */
  children?: ReactNode;
}

export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <header className="page-hero">
      {eyebrow && <p className="page-hero__eyebrow">{eyebrow}</p>}
      <h1 className="page-hero__title">{title}</h1>
      {lead && <p className="page-hero__lead">{lead}</p>}
      {children && <div className="page-hero__extra">{children}</div>}
    </header>
  );
}
