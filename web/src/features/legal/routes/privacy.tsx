// /privacy: how Mtaani handles personal data, following Kenya's Data Protection Act, 2019.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { OpeningHours } from '@/components/ui/opening-hours';
import { company } from '@/config/company';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { LAST_UPDATED, LegalPage, type LegalSection } from '../components/legal-page';

const { address } = company;
/** The office's address on one line. */
const fullAddress = `${address.building}, ${address.street}, ${address.city}, ${address.country}`;
const mpesa = <span className="nowrap">M-Pesa</span>;
const privacyEmail = <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a>;

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
              <span>{t('Lawful basis:')}</span> {fact.basis}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

const collected: Fact[] = [
  {
    term: t('Account details'),
    details: t(
      'Your name, email address, phone number and account type; for sellers, the package you chose. Your password is stored only as a secure, one-way hash.',
    ),
  },
  {
    term: t('Listings'),
    details: t(
      'Service names, descriptions, price ranges, locations, the contact phone number and photos. We remove hidden metadata, such as GPS location and camera details, from photos when you upload them.',
    ),
  },
  {
    term: t('Booking requests'),
    details: t('The service, the date and time you chose, your name, email address and any message you add.'),
  },
  {
    term: t('Contact messages'),
    details: t('Your name, email address, phone number, subject and message when you write to us.'),
  },
  {
    term: t('Package payments'),
    details: tx(
      'The {mpesa} transaction reference, amount, date and paying phone number. We never see or store your {mpesa} PIN.',
      { mpesa },
    ),
  },
  {
    term: t('Technical logs'),
    details: t(
      'Your IP address, browser and device type, the pages and addresses requested, times and error reports, recorded when you use the site.',
    ),
  },
];

const purposes: Fact[] = [
  {
    term: t('Running your account'),
    details: t('Signing you in, showing My Account and keeping your details up to date.'),
    basis: t('performance of our contract with you.'),
  },
  {
    term: t('Publishing listings'),
    details: t("Showing sellers' services, photos, prices, locations and phone numbers to visitors."),
    basis: t('performance of our contract with the seller.'),
  },
  {
    term: t('Passing on bookings'),
    details: t('Sending your booking request to the provider you chose, and emails about it to you both.'),
    basis: t('steps taken at your request to enter into a contract with the provider.'),
  },
  {
    term: t('Seller package payments'),
    details: t('Taking monthly payments, and keeping the accounting and tax records the law requires.'),
    basis: t('performance of our contract, and our legal obligations.'),
  },
  {
    term: t('Answering you'),
    details: t('Replying to the messages you send through the contact form or by email.'),
    basis: t('our legitimate interest in answering the people who write to us.'),
  },
  {
    term: t('Safety and security'),
    details: t('Keeping the site running, preventing fraud and abuse, and investigating reports about listings.'),
    basis: t('our legitimate interest in a safe and working marketplace, and our legal obligations.'),
  },
];

const retention: Fact[] = [
  {
    term: t('Accounts'),
    details: t(
      'While your account is open. When you delete it, your name, email address, phone number and password are removed at once.',
    ),
  },
  {
    term: t('Listings and photos'),
    details: t(
      'Until you delete them, or at once when you delete your account. A listing our team takes down is hidden, not deleted.',
    ),
  },
  {
    term: t('Booking requests'),
    details: t(
      '24 months after the appointment date. Bookings of a deleted account’s listings are cancelled and the customers told.',
    ),
  },
  {
    term: t('Contact messages'),
    details: t('12 months after our last reply, or at once when you delete your account.'),
  },
  { term: t('Reports of listings'), details: t('24 months after our team decided on them.') },
  {
    term: t('Payment records'),
    details: t(
      '5 years, as Kenyan tax law requires. After you delete your account only the M-Pesa receipt number, amount, date and package are kept, without your name or phone number.',
    ),
  },
  {
    term: t("Our team's actions"),
    details: t('Every action our staff take on listings, sellers and messages is logged and kept 5 years.'),
  },
  {
    term: t('Technical logs'),
    details: t('30 days, unless needed longer to investigate a specific security incident.'),
  },
];

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: t('Who we are'),
    content: (
      <>
        <p>
          {t(
            '{company}, of {address}, is the data controller for the personal data described in this policy: we decide why and how it is used. We handle it in line with the Data Protection Act, 2019 and its regulations.',
            { company: company.name, address: fullAddress },
          )}
        </p>
        <p>{tx('For anything about your personal data, write to {email}.', { email: privacyEmail })}</p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: t('What we collect'),
    content: (
      <>
        <p>{t('We collect only what we need to run the marketplace:')}</p>
        <Facts facts={collected} />
        <p>
          {t(
            'To keep you signed in, your browser stores a sign-in token and your basic account details on your device; logging out removes them. We do not use advertising or tracking cookies.',
          )}
        </p>
      </>
    ),
  },
  {
    id: 'why-we-use-it',
    title: t('Why we use it, and on what basis'),
    content: (
      <>
        <p>{t('We use your personal data only for these purposes, each with a lawful basis under the Act:')}</p>
        <Facts facts={purposes} />
        <p>
          {t(
            'We will only send you marketing messages if you have agreed to them, and you can withdraw that consent at any time. We do not make decisions about you by automated means alone.',
          )}
        </p>
      </>
    ),
  },
  {
    id: 'who-we-share-it-with',
    title: t('Who we share it with'),
    content: (
      <>
        <p>{t('We never sell your personal data. We share it only with:')}</p>
        <ul>
          <li>
            {tx(
              "{who} who receive your name, email address, the date and time you chose and your message. Sellers' listings, including their phone numbers, are public.",
              { who: <strong>{t('The providers you contact or book,')}</strong> },
            )}
          </li>
          <li>
            {tx('{who} which processes {mpesa} payments for seller packages.', {
              who: <strong>{t('Safaricom PLC,')}</strong>,
              mpesa,
            })}
          </li>
          <li>
            {tx(
              '{who} who store data and deliver emails for us under contracts that require them to keep it safe and use it only on our instructions.',
              { who: <strong>{t('Our hosting and email providers,')}</strong> },
            )}
          </li>
          <li>
            {tx('{who} such as the police, courts or the Kenya Revenue Authority, when the law requires it.', {
              who: <strong>{t('Authorities,')}</strong>,
            })}
          </li>
        </ul>
        <p>
          {t(
            'If any of these providers keeps data outside Kenya, we transfer it only with the safeguards the Act requires.',
          )}
        </p>
      </>
    ),
  },
  {
    id: 'how-long-we-keep-it',
    title: t('How long we keep it'),
    content: (
      <>
        <p>{t('We keep personal data only as long as we need it:')}</p>
        <Facts facts={retention} />
        <p>{t('After these periods we delete the data or make it anonymous.')}</p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: t('Your rights'),
    content: (
      <>
        <p>{t('Under the Data Protection Act, 2019 you have the right to:')}</p>
        <ul>
          <li>
            {tx('{right} of how your personal data is used, as this policy does;', {
              right: <strong>{t('be informed')}</strong>,
            })}
          </li>
          <li>{tx('{right} the personal data we hold about you;', { right: <strong>{t('access')}</strong> })}</li>
          <li>{tx('{right} data that is wrong or incomplete;', { right: <strong>{t('rectify')}</strong> })}</li>
          <li>
            {tx('{right} data that is false, misleading or no longer needed;', {
              right: <strong>{t('erase')}</strong>,
            })}
          </li>
          <li>
            {tx('{right} to our use of your data, including for marketing;', {
              right: <strong>{t('object')}</strong>,
            })}
          </li>
          <li>
            {tx(
              '{right} receive your data in a common, machine-readable format, or have it sent to another service; and',
              { right: <strong>{t('data portability:')}</strong> },
            )}
          </li>
          <li>
            {tx('{right} to the Office of the Data Protection Commissioner ({link}).', {
              right: <strong>{t('complain')}</strong>,
              link: (
                <a href="https://www.odpc.go.ke" target="_blank" rel="noopener noreferrer">
                  www.odpc.go.ke
                </a>
              ),
            })}
          </li>
        </ul>
        <p>
          {tx(
            'Two of them are yours to use at any time, without asking us: in {place}, {download} gives you everything we hold about you (your profile, listings with their photos, bookings, payments and the messages you sent us) as one JSON file, and {delete} erases your account after you confirm with your password.',
            {
              place: <strong>{t('My Account → Your data')}</strong>,
              download: <strong>{t('Download my data')}</strong>,
              delete: <strong>{t('Delete my account')}</strong>,
            },
          )}
        </p>
        <p>
          {tx(
            'To use any of the others, email {email} from the address on your account, or tell us how we can confirm who you are. We acknowledge every request within 7 days and answer it within the time the law allows. Requests are free of charge.',
            { email: privacyEmail },
          )}
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: t('How we protect it'),
    content: (
      <>
        <p>
          {t(
            'All traffic to {company} is encrypted (HTTPS). Passwords are stored only as one-way hashes, access to personal data is limited to the people who need it for their work, and photos lose their hidden metadata on upload.',
            { company: company.name },
          )}
        </p>
        <p>
          {t(
            'If a breach puts your personal data at risk, we will notify the Data Protection Commissioner within 72 hours, and tell you without delay when it is likely to affect you, as the Act requires.',
          )}
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: t('Children'),
    content: (
      <p>
        {tx(
          '{company} is not meant for children. You must be 18 or older to create an account, and we do not knowingly collect personal data from anyone under 18. If you believe a child has given us their details, please write to {email} and we will delete them.',
          { company: company.name, email: privacyEmail },
        )}
      </p>
    ),
  },
  {
    id: 'changes',
    title: t('Changes to this policy'),
    content: (
      <p>
        {tx(
          'When we change this policy we update the date at the top of this page. If a change affects how we use data you have already given us, we will tell you on the site or by email before it takes effect. See also our {link}.',
          { link: <Link to={paths.terms.getHref()}>{t('Terms of Service')}</Link> },
        )}
      </p>
    ),
  },
  {
    id: 'contact',
    title: t('Contact us'),
    content: (
      <>
        <p>{t('For privacy questions and requests:')}</p>
        <ul>
          <li>{tx('Email: {email}', { email: privacyEmail })}</li>
          <li>{t('Post or visit: {company}, {address}', { company: company.name, address: fullAddress })}</li>
          <li>
            {tx('Phone: {phone} ({hours}, Nairobi time)', {
              phone: <a href={company.phone.href}>{company.phone.label}</a>,
              hours: <OpeningHours />,
            })}
          </li>
        </ul>
      </>
    ),
  },
];

export default function PrivacyRoute() {
  useDocumentTitle(t('Privacy Policy'));
  return (
    <LegalPage
      title={t('Privacy Policy')}
      lead={t(
        "What personal data {company} collects, why, who sees it, how long we keep it, and your rights under Kenya's Data Protection Act, 2019.",
        { company: company.name },
      )}
      updated={LAST_UPDATED}
      sections={sections}
    />
  );
}
