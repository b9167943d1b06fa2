// The four common questions of the contact page (SPEC §2 Contact: a static FAQ of four questions).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDownIcon } from '@/components/ui/icons';
import { company } from '@/config/company';
import { paths } from '@/config/paths';
import { formatKsh } from '@/lib/format';

interface Question {
  question: string;
  answer: ReactNode;
}

// Package prices are SPEC §9's; the seller-packages page shows the server's current ones.
const questions: Question[] = [
  {
    question: 'How do I book an appointment?',
    answer: (
      <p>
        Open any service and choose <strong>Book an Appointment</strong>. Pick a date and a time slot,
        add your name and email, and send your request. You can also reach the provider straight away with the
        WhatsApp button or the phone number on the service page.
      </p>
    ),
  },
  {
    question: 'Do I need an account to book?',
    answer: (
      <p>
        No. Browsing, searching, contacting a provider and booking an appointment all work without signing in. You
        only need an account to offer your own services as a seller.
      </p>
    ),
  },
  {
    question: 'How do I join as a seller, and how do I pay?',
    answer: (
      <p>
        Choose a monthly package on the <Link to={paths.sellerPackages.getHref()}>Seller Packages</Link> page —
        Basic ({formatKsh(800)}), Standard ({formatKsh(1500)}) or Premium ({formatKsh(2500)}) — and register your
        account. Packages are paid monthly through <span className="nowrap">M-Pesa</span>, and you can change or upgrade your package after
        registration.
      </p>
    ),
  },
  {
    question: 'How do I report a listing?',
    answer: (
      <p>
        If a listing looks misleading, offensive or unsafe, send us a message with the form on this page, using the
        subject &ldquo;Report a listing&rdquo; and the link to the service, or email{' '}
        <a href={`mailto:${company.email}`}>{company.email}</a>. We look into every report and remove listings that
        break our <Link to={paths.terms.getHref()}>Terms of Service</Link>.
      </p>
    ),
  },
];

export function ContactFaq({ titleId }: { titleId: string }) {
  return (
    <section className="contact-faq" aria-labelledby={titleId}>
      <div className="contact-faq__intro">
        <h2 id={titleId} className="contact-faq__title">
          Frequently asked questions
        </h2>
        <p>Quick answers to what buyers and sellers ask us most. Can&apos;t find yours? Send us a message.</p>
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
