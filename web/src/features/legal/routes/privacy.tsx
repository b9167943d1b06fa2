// /privacy: how Mtaani handles personal data, following Kenya's Data Protection Act, 2019.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { OpeningHours } from '@/components/ui/opening-hours';
import { company } from '@/config/company';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { LAST_UPDATED, LegalPage, type LegalSection } from '../components/legal-page';

const { address } = company;

interface Fact {
  term: string;
  details: ReactNode;
  /** The lawful basis, for the purposes list. */
  basis?: string;
}

function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="legal-facts">
      {facts.map((fact) => (
        <div key={fact.term}>
          <dt>{fact.term}</dt>
          <dd>{fact.details}</dd>
          {fact.basis && (
            <dd className="legal-facts__basis">
              <span>Lawful basis:</span> {fact.basis}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

const collected: Fact[] = [
  {
    term: 'Account details',
    details:
      'Your name, email address, phone number and account type; for sellers, the package you chose. Your password is stored only as a secure, one-way hash.',
  },
  {
    term: 'Listings',
    details:
      'Service names, descriptions, price ranges, locations, the contact phone number and photos. We remove hidden metadata, such as GPS location and camera details, from photos when you upload them.',
  },
  {
    term: 'Booking requests',
    details: 'The service, the date and time you chose, your name, email address and any message you add.',
  },
  {
    term: 'Contact messages',
    details: 'Your name, email address, phone number, subject and message when you write to us.',
  },
  {
    term: 'Package payments',
    details: (
      <>
        The <span className="nowrap">M-Pesa</span> transaction reference, amount, date and paying phone number. We never see or store your{' '}
        <span className="nowrap">M-Pesa</span> PIN.
      </>
    ),
  },
  {
    term: 'Technical logs',
    details:
      'Your IP address, browser and device type, the pages and addresses requested, times and error reports, recorded when you use the site.',
  },
];

const purposes: Fact[] = [
  {
    term: 'Running your account',
    details: 'Signing you in, showing My Account and keeping your details up to date.',
    basis: 'performance of our contract with you.',
  },
  {
    term: 'Publishing listings',
    details: "Showing sellers' services, photos, prices, locations and phone numbers to visitors.",
    basis: 'performance of our contract with the seller.',
  },
  {
    term: 'Passing on bookings',
    details: 'Sending your booking request to the provider you chose, and emails about it to you both.',
    basis: 'steps taken at your request to enter into a contract with the provider.',
  },
  {
    term: 'Seller package payments',
    details: 'Taking monthly payments, and keeping the accounting and tax records the law requires.',
    basis: 'performance of our contract, and our legal obligations.',
  },
  {
    term: 'Answering you',
    details: 'Replying to the messages you send through the contact form or by email.',
    basis: 'our legitimate interest in answering the people who write to us.',
  },
  {
    term: 'Safety and security',
    details: 'Keeping the site running, preventing fraud and abuse, and investigating reports about listings.',
    basis: 'our legitimate interest in a safe and working marketplace, and our legal obligations.',
  },
];

const retention: Fact[] = [
  {
    term: 'Accounts',
    details:
      'While your account is open. When you delete it, your name, email address, phone number and password are removed at once.',
  },
  {
    term: 'Listings and photos',
    details: 'Until you delete them, or at once when you delete your account. A listing our team takes down is hidden, not deleted.',
  },
  {
    term: 'Booking requests',
    details: '24 months after the appointment date. Bookings of a deleted account’s listings are cancelled and the customers told.',
  },
  { term: 'Contact messages', details: '12 months after our last reply, or at once when you delete your account.' },
  { term: 'Reports of listings', details: '24 months after our team decided on them.' },
  {
    term: 'Payment records',
    details:
      '5 years, as Kenyan tax law requires. After you delete your account only the M-Pesa receipt number, amount, date and package are kept, without your name or phone number.',
  },
  { term: "Our team's actions", details: 'Every action our staff take on listings, sellers and messages is logged and kept 5 years.' },
  { term: 'Technical logs', details: '30 days, unless needed longer to investigate a specific security incident.' },
];

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <>
        <p>
          {company.name}, of {address.building}, {address.street}, {address.city}, {address.country}, is the data
          controller for the personal data described in this policy: we decide why and how it is used. We handle it in
          line with the Data Protection Act, 2019 and its regulations.
        </p>
        <p>
          For anything about your personal data, write to{' '}
          <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a>.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <>
        <p>We collect only what we need to run the marketplace:</p>
        <Facts facts={collected} />
        <p>
          To keep you signed in, your browser stores a sign-in token and your basic account details on your device;
          logging out removes them. We do not use advertising or tracking cookies.
        </p>
      </>
    ),
  },
  {
    id: 'why-we-use-it',
    title: 'Why we use it, and on what basis',
    content: (
      <>
        <p>We use your personal data only for these purposes, each with a lawful basis under the Act:</p>
        <Facts facts={purposes} />
        <p>
          We will only send you marketing messages if you have agreed to them, and you can withdraw that consent at
          any time. We do not make decisions about you by automated means alone.
        </p>
      </>
    ),
  },
  {
    id: 'who-we-share-it-with',
    title: 'Who we share it with',
    content: (
      <>
        <p>We never sell your personal data. We share it only with:</p>
        <ul>
          <li>
            <strong>The providers you contact or book,</strong> who receive your name, email address, the date and
            time you chose and your message. Sellers&apos; listings, including their phone numbers, are public.
          </li>
          <li>
            <strong>Safaricom PLC,</strong> which processes <span className="nowrap">M-Pesa</span> payments for seller packages.
          </li>
          <li>
            <strong>Our hosting and email providers,</strong> who store data and deliver emails for us under contracts
            that require them to keep it safe and use it only on our instructions.
          </li>
          <li>
            <strong>Authorities,</strong> such as the police, courts or the Kenya Revenue Authority, when the law
            requires it.
          </li>
        </ul>
        <p>
          If any of these providers keeps data outside Kenya, we transfer it only with the safeguards the Act
          requires.
        </p>
      </>
    ),
  },
  {
    id: 'how-long-we-keep-it',
    title: 'How long we keep it',
    content: (
      <>
        <p>We keep personal data only as long as we need it:</p>
        <Facts facts={retention} />
        <p>After these periods we delete the data or make it anonymous.</p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>Under the Data Protection Act, 2019 you have the right to:</p>
        <ul>
          <li>
            <strong>be informed</strong> of how your personal data is used, as this policy does;
          </li>
          <li>
            <strong>access</strong> the personal data we hold about you;
          </li>
          <li>
            <strong>rectify</strong> data that is wrong or incomplete;
          </li>
          <li>
            <strong>erase</strong> data that is false, misleading or no longer needed;
          </li>
          <li>
            <strong>object</strong> to our use of your data, including for marketing;
          </li>
          <li>
            <strong>data portability:</strong> receive your data in a common, machine-readable format, or have it sent
            to another service; and
          </li>
          <li>
            <strong>complain</strong> to the Office of the Data Protection Commissioner (
            <a href="https://www.odpc.go.ke" target="_blank" rel="noopener noreferrer">
              www.odpc.go.ke
            </a>
            ).
          </li>
        </ul>
        <p>
          Two of them are yours to use at any time, without asking us: in <strong>My Account → Your data</strong>,{' '}
          <strong>Download my data</strong> gives you everything we hold about you (your profile, listings with their
          photos, bookings, payments and the messages you sent us) as one JSON file, and{' '}
          <strong>Delete my account</strong> erases your account after you confirm with your password.
        </p>
        <p>
          To use any of the others, email <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a>{' '}
          from the address on your account, or tell us how we can confirm who you are. We acknowledge every request
          within 7 days and answer it within the time the law allows. Requests are free of charge.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <>
        <p>
          All traffic to {company.name} is encrypted (HTTPS). Passwords are stored only as one-way hashes, access to
          personal data is limited to the people who need it for their work, and photos lose their hidden metadata
          on upload.
        </p>
        <p>
          If a breach puts your personal data at risk, we will notify the Data Protection Commissioner within 72
          hours, and tell you without delay when it is likely to affect you, as the Act requires.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        {company.name} is not meant for children. You must be 18 or older to create an account, and we do not
        knowingly collect personal data from anyone under 18. If you believe a child has given us their details,
        please write to <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a> and we will delete them.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy we update the date at the top of this page. If a change affects how we use data
        you have already given us, we will tell you on the site or by email before it takes effect. See also our{' '}
        <Link to={paths.terms.getHref()}>Terms of Service</Link>.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <>
        <p>For privacy questions and requests:</p>
        <ul>
          <li>
            Email: <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a>
          </li>
          <li>
            Post or visit: {company.name}, {address.building}, {address.street}, {address.city}, {address.country}
          </li>
          <li>
            Phone: <a href={company.phone.href}>{company.phone.label}</a> (<OpeningHours />, Nairobi time)
          </li>
        </ul>
      </>
    ),
  },
];

export default function PrivacyRoute() {
  useDocumentTitle('Privacy Policy');
  return (
    <LegalPage
      title="Privacy Policy"
      lead={`What personal data ${company.name} collects, why, who sees it, how long we keep it, and your rights under Kenya's Data Protection Act, 2019.`}
      updated={LAST_UPDATED}
      sections={sections}
    />
  );
}
