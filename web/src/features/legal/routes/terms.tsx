// /terms: the Terms of Service of the marketplace, under Kenyan law (linked from the footer and sign-up).
import { Link } from 'react-router-dom';
import { OpeningHours } from '@/components/ui/opening-hours';
import { company } from '@/config/company';
import { packagePrices } from '@/config/packages';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { LAST_UPDATED, LegalPage, type LegalSection } from '../components/legal-page';

const { address } = company;
/** The office's address on one line. */
const fullAddress = `${address.building}, ${address.street}, ${address.city}, ${address.country}`;
const mpesa = <span className="nowrap">M-Pesa</span>;
const emailLink = <a href={`mailto:${company.email}`}>{company.email}</a>;

const sections: LegalSection[] = [
  {
    id: 'about-these-terms',
    title: t('About these terms'),
    content: (
      <>
        <p>
          {t(
            'These Terms of Service (“Terms”) govern your use of the {company} website and services (“{company}”, “we”, “us”), run from {address}. By browsing {company}, creating an account, posting a listing or sending a booking request, you agree to these Terms. If you do not agree, please do not use {company}.',
            { company: company.name, address: fullAddress },
          )}
        </p>
        <p>
          {tx('Our {link} explains how we handle your personal data and forms part of these Terms.', {
            link: <Link to={paths.privacy.getHref()}>{t('Privacy Policy')}</Link>,
          })}
        </p>
      </>
    ),
  },
  {
    id: 'what-mtaani-is',
    title: t('What Mtaani is'),
    content: (
      <>
        <p>
          {t(
            '{company} is a marketplace where independent providers (“sellers”) list beauty, hair, health, fitness, fashion, bridal, gifts, home and photography services, and where visitors (“buyers”) find them, contact them and request appointments.',
            { company: company.name },
          )}
        </p>
        <p>
          {t(
            'Sellers are independent businesses and professionals. They are not our employees or agents, and {company} does not provide the services listed on the site.',
            { company: company.name },
          )}
        </p>
      </>
    ),
  },
  {
    id: 'who-may-use-mtaani',
    title: t('Who may use Mtaani'),
    content: (
      <>
        <p>{t('Anyone may browse, search, contact providers and request appointments without an account.')}</p>
        <ul>
          <li>{t('To create an account you must be at least 18 years old and able to enter into a contract in Kenya.')}</li>
          <li>{t('The details you give us (name, email address and phone number) must be true and kept up to date.')}</li>
          <li>
            {tx(
              'Keep your password to yourself. You are responsible for what happens under your account; tell us at once at {email} if you think someone else has used it.',
              { email: emailLink },
            )}
          </li>
          <li>{t('One person or business per account. Accounts may not be sold or transferred.')}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'sellers-obligations',
    title: t("Sellers' obligations"),
    content: (
      <>
        <p>{t('If you list services on {company}, you agree that:', { company: company.name })}</p>
        <ul>
          <li>
            <strong>{t('Your listings are truthful.')}</strong>{' '}
            {t(
              'The name, description, price range in Kenya shillings, location and phone number are accurate, and your photos show your own work, premises or products.',
            )}
          </li>
          <li>
            <strong>{t('You are licensed where the law requires it.')}</strong>{' '}
            {t(
              'Services such as health, skin, nutrition, mental-health and maternal care may only be offered by people registered with the relevant professional body, and your business must hold the permits your county requires. We may ask for proof at any time.',
            )}
          </li>
          <li>
            <strong>{t('You treat buyers fairly.')}</strong>{' '}
            {t(
              "You reply to enquiries, honour the appointments you confirm, charge the prices you agree, and follow Kenya's consumer protection laws.",
            )}
          </li>
          <li>
            <strong>{t("You respect buyers' privacy.")}</strong>{' '}
            {t(
              "You use the contact details and booking information you receive only to deal with that buyer's request, as the Data Protection Act, 2019 requires, and never for unrelated marketing.",
            )}
          </li>
          <li>
            {tx('{right} including the consent of any person who can be recognised in your photos.', {
              right: <strong>{t('You have the right to everything you post,')}</strong>,
            })}
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'seller-packages-and-payment',
    title: t('Seller packages and payment'),
    content: (
      <>
        <p>
          {tx(
            'Sellers list services with a monthly package: Basic ({basic} a month), Standard ({standard} a month) or Premium ({premium} a month). The package decides, among other things, how many photos each listing may carry. The prices shown on the {link} page when you pay are the prices that apply.',
            {
              ...packagePrices,
              link: <Link to={paths.sellerPackages.getHref()}>{t('Seller Packages')}</Link>,
            },
          )}
        </p>
        <ul>
          <li>
            {tx(
              'Packages are paid monthly in advance through {mpesa}. Your listings are shown while your package is paid up.',
              { mpesa },
            )}
          </li>
          <li>
            {t('If a payment is not made when it falls due, your listings may be hidden until it is. They are not deleted.')}
          </li>
          <li>{t('You can change or upgrade your package after registration.')}</li>
          <li>
            {t(
              'Payments are not refunded for part of a month, for example when you stop selling mid-month or we remove a listing that breaks these Terms, unless Kenyan law requires a refund.',
            )}
          </li>
          <li>{t('We will tell you at least 30 days before a price change applies to your package.')}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'dealing-with-providers',
    title: t('Dealing with providers'),
    content: (
      <>
        <p>
          {t(
            'When you contact or book a provider, your agreement for that service is directly with the provider, not with {company}. The provider is responsible for the service, its price, any deposit, cancellations, and its quality and safety. {company} does not take payment for services and is not a party to that agreement.',
            { company: company.name },
          )}
        </p>
        <p>
          {t(
            "A booking request is a request until the provider confirms it. We check listings and act on reports, but we cannot guarantee any provider's work, so please use good judgement:",
          )}
        </p>
        <ul>
          <li>{t('Agree the price, and any deposit, before the appointment.')}</li>
          <li>
            {tx('Before you pay a deposit by {mpesa}, check that the name the payment shows matches the provider.', {
              mpesa,
            })}
          </li>
          <li>
            {tx('Report a listing or provider that seems misleading or unsafe through the {link}.', {
              link: <Link to={paths.contact.getHref()}>{t('contact page')}</Link>,
            })}
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'prohibited-content',
    title: t('Prohibited content and conduct'),
    content: (
      <>
        <p>{t('You may not use {company} to post, offer or do any of the following:', { company: company.name })}</p>
        <ul>
          <li>{t("False or misleading listings, fake prices, or photos of someone else's work.")}</li>
          <li>{t('Services that are illegal in Kenya, or that need a licence or registration you do not hold.')}</li>
          <li>{t('Sexual services or sexually explicit content.')}</li>
          <li>
            {t(
              'Products that are banned or unsafe, including skin-lightening products with banned ingredients such as mercury or hydroquinone, counterfeit goods, and prescription medicines.',
            )}
          </li>
          <li>{t('Content that is hateful, threatening, harassing or discriminatory, or that exploits children.')}</li>
          <li>{t('Impersonating another person or business.')}</li>
          <li>
            {t(
              "Spam, scraping the site, collecting other users' details, or interfering with how {company} works.",
              { company: company.name },
            )}
          </li>
        </ul>
        <p>
          {t(
            'We may remove any content that breaks these Terms and suspend or close the accounts involved, and we may report illegal activity to the authorities.',
          )}
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: t('Your content'),
    content: (
      <p>
        {t(
          'You keep ownership of the text and photos you post. You give {company} a non-exclusive, royalty-free licence to host, store, resize and show them on {company} and to use them to promote your listing on {company}, for as long as they are on the site. We remove hidden data, such as location, from photos when you upload them.',
          { company: company.name },
        )}
      </p>
    ),
  },
  {
    id: 'closing-an-account',
    title: t('Suspending and closing accounts'),
    content: (
      <p>
        {tx(
          'You can close your account at any time by writing to {email}. We may suspend or close an account that breaks these Terms, that puts buyers at risk, or as the law requires. Where we can, we will tell you why and give you a chance to respond.',
          { email: emailLink },
        )}
      </p>
    ),
  },
  {
    id: 'liability',
    title: t('Our liability'),
    content: (
      <>
        <p>
          {t(
            'We work hard to keep {company} available and accurate, but we provide it “as is” and cannot promise that it will always be available or free of errors.',
            { company: company.name },
          )}
        </p>
        <p>{t('To the extent the law allows:')}</p>
        <ul>
          <li>
            {t(
              '{company} is not liable for the services providers offer or perform, or for disputes between buyers and providers;',
              { company: company.name },
            )}
          </li>
          <li>{t('we are not liable for indirect losses, such as loss of business, profit or opportunity; and')}</li>
          <li>
            {t(
              'our total liability to a seller for any claim is limited to the package fees that seller paid us in the three months before the claim.',
            )}
          </li>
        </ul>
        <p>
          {t(
            'Nothing in these Terms limits any right you have under Kenyan law that cannot be limited, including under the Consumer Protection Act, 2012.',
          )}
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: t('Changes to these terms'),
    content: (
      <p>
        {t(
          'We may update these Terms as {company} grows or the law changes. The date at the top shows the latest version. If a change matters for you, we will tell you on the site or by email before it takes effect; using {company} after that means you accept the new Terms.',
          { company: company.name },
        )}
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: t('Governing law and disputes'),
    content: (
      <p>
        {t(
          'These Terms are governed by the laws of Kenya. If you have a complaint, please contact us first and we will try to resolve it with you. Disputes that cannot be resolved this way will be decided by the courts of Kenya.',
        )}
      </p>
    ),
  },
  {
    id: 'contact',
    title: t('Contact us'),
    content: (
      <>
        <p>{t('Questions about these Terms? Get in touch:')}</p>
        <ul>
          <li>{tx('Email: {email}', { email: emailLink })}</li>
          <li>
            {tx('Phone: {phone} ({hours}, Nairobi time)', {
              phone: <a href={company.phone.href}>{company.phone.label}</a>,
              hours: <OpeningHours />,
            })}
          </li>
          <li>{t('Post or visit: {company}, {address}', { company: company.name, address: fullAddress })}</li>
        </ul>
      </>
    ),
  },
];

export default function TermsRoute() {
  useDocumentTitle(t('Terms of Service'));
  return (
    <LegalPage
      title={t('Terms of Service')}
      lead={t(
        'The rules for using {company}: for buyers who find and book services, and for sellers who list them.',
        { company: company.name },
      )}
      updated={LAST_UPDATED}
      sections={sections}
    />
  );
}
