// The frame of the legal pages: title, last-updated line, a table of contents and numbered sections
// with headings that can be linked to (/privacy#your-rights).
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageHero } from '@/components/ui/page-hero';
import { Prose } from '@/components/ui/prose';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { useMediaQuery } from '@/lib/media-query';
import './legal.css';

/** The day of the current Terms of Service and Privacy Policy. */
export const LAST_UPDATED = { date: '2026-11-21', label: t('21 November 2026') } as const;

export interface LegalSection {
  /** The section's anchor. */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalPageProps {
  title: string;
  lead: ReactNode;
  /** The day of this version, e.g. '2026-11-21'. */
  updated: { date: string; label: string };
  sections: LegalSection[];
}

// Where the contents move beside the text (and stay open).
const SIDEBAR_QUERY = '(min-width: 1024px)';

export function LegalPage({ title, lead, updated, sections }: LegalPageProps) {
  const sidebar = useMediaQuery(SIDEBAR_QUERY);
  useScrollToSection();
  const contents = (
    <ol className="legal-toc__list">
      {sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`}>{section.title}</a>
        </li>
      ))}
    </ol>
  );

  return (
    <div className="container page legal-page">
      <PageHero eyebrow={t('Legal')} title={title} lead={lead}>
        <p className="legal-page__updated">
          {tx('Last updated: {date}', { date: <time dateTime={updated.date}>{updated.label}</time> })}
        </p>
      </PageHero>
      <div className="legal-page__layout">
        <nav className="legal-toc" aria-label={t('On this page')}>
          {sidebar ? (
            <>
              <p className="legal-toc__title">{t('On this page')}</p>
              {contents}
            </>
          ) : (
            // On phones the list folds away so the text starts on the first screen.
            <details className="legal-toc__fold">
              <summary className="legal-toc__title">{t('On this page')}</summary>
              {contents}
            </details>
          )}
        </nav>
        <Prose className="legal-page__text">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>{section.title}</h2>
              {section.content}
            </section>
          ))}
        </Prose>
      </div>
    </div>
  );
}

/**
 * Shows the section a link points at (/privacy#your-rights). The browser cannot do it on its own: the
 * page arrives after the browser looked for the section, and the layout scrolls each new page to its top.
 */
function useScrollToSection(): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    // After the layout's own scroll to the top, which runs in the same commit.
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
