// /contact (SPEC §2 Contact): the contact form, the office's details and map, and four common questions.
import { useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHero } from '@/components/ui/page-hero';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { ContactFaq } from '../components/contact-faq';
import { ContactForm } from '../components/contact-form';
import { OfficeDetails } from '../components/office-details';
import { ReportListing } from '../components/report-listing';
import '../components/contact.css';

export default function ContactRoute() {
  // 'Report this listing' on a listing's page comes here with the listing's id.
  const [params] = useSearchParams();
  const report = params.get('report');
  return report ? <ReportListing id={report} review={params.get('review') ?? undefined} /> : <ContactPage />;
}

function ContactPage() {
  useDocumentTitle(t('Contact Us'));
  // Each sent message gives a fresh, empty form (and a fresh validation state).
  const [sentCount, setSentCount] = useState(0);
  const formTitle = useRef<HTMLHeadingElement>(null);

  // In the commit that brings the fresh form (a passive effect could run a frame later, after the
  // old button's focus was lost to the page).
  useLayoutEffect(() => {
    // The sent form's button is gone: keyboard and screen-reader users continue from the form's title.
    if (sentCount > 0) formTitle.current?.focus();
  }, [sentCount]);

  return (
    <div className="container page contact-page">
      <PageHero
        eyebrow={t('Get in touch')}
        title={t('Contact Us')}
        lead={t(
          'Questions about a booking, a listing or your seller package? Send us a message and our Nairobi team will get back to you.',
        )}
      />
      <div className="contact-page__layout">
        <section className="card contact-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="contact-card__title" ref={formTitle} tabIndex={-1}>
            {t('Send us a message')}
          </h2>
          <p className="contact-card__intro">{t('All fields are required. We reply by email or phone.')}</p>
          <ContactForm key={sentCount} labelledBy="contact-form-title" onSent={() => setSentCount((n) => n + 1)} />
        </section>
        <OfficeDetails titleId="contact-office-title" />
      </div>
      <ContactFaq titleId="contact-faq-title" />
    </div>
  );
}
