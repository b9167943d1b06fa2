// The four common questions of the contact page (SPEC §2 Contact: a static FAQ of four questions).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDownIcon } from '@/components/ui/icons';
import { company } from '@/config/company';
import { packagePrices } from '@/config/packages';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';

interface Question {
  question: string;
  answer: ReactNode;
}

// Package prices are SPEC §9's; the seller-packages page shows the server's current ones.
const questions: Question[] = [
  {
    question: t('How do I book an appointment?'),
    answer: (
      <p>
        {tx(
          'Open any service and choose {button}. Pick a date and a time slot, add your name and email, and send your request. You can also reach the provider straight away with the WhatsApp button or the phone number on the service page.',
          { button: <strong>{t('Book an Appointment')}</strong> },
        )}
      </p>
    ),
  },
  {
    question: t('Do I need an account to book?'),
    answer: (
      <p>
        {t(
          'No. Browsing, searching, contacting a provider and booking an appointment all work without signing in. You only need an account to offer your own services as a seller.',
        )}
      </p>
    ),
  },
  {
    question: t('How do I join as a seller, and how do I pay?'),
    answer: (
      <p>
        {tx(
          'Choose a monthly package on the {link} page — Basic ({basic}), Standard ({standard}) or Premium ({premium}) — and register your account. Packages are paid monthly through {mpesa}, and you can change or upgrade your package after registration.',
          {
            link: <Link to={paths.sellerPackages.getHref()}>{t('Seller Packages')}</Link>,
            ...packagePrices,
            mpesa: <span className="nowrap">M-Pesa</span>,
          },
        )}
      </p>
    ),
  },
  {
    question: t('How do I report a listing?'),
    answer: (
      <p>
        {tx(
          'If a listing looks misleading, offensive or unsafe, send us a message with the form on this page, using the subject “Report a listing” and the link to the service, or email {email}. We look into every report and remove listings that break our {terms}.',
          {
            email: <a href={`mailto:${company.email}`}>{company.email}</a>,
            terms: <Link to={paths.terms.getHref()}>{t('Terms of Service')}</Link>,
          },
        )}
      </p>
    ),
  },
];

export function ContactFaq({ titleId }: { titleId: string }) {
  return (
    <section className="contact-faq" aria-labelledby={titleId}>
      <div className="contact-faq__intro">
        <h2 id={titleId} className="contact-faq__title">
          {t('Frequently asked questions')}
        </h2>
        <p>{t("Quick answers to what buyers and sellers ask us most. Can't find yours? Send us a message.")}</p>
      </div>
      <div className="contact-faq__list">
        {questions.map(({ question, answer }) => (
          <details key={question} className="faq-item">
            <summary className="faq-item__question">
              <span>{question}</span>
              <ChevronDownIcon className="faq-item__chevron" size={20} />
            </summary>
            <div className="faq-item__answer">{answer}</div>
          </details>
        ))}
      </div>
    </section>
  );
}
