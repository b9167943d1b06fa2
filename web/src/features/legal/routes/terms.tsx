// /terms: the Terms of Service of the marketplace, under Kenyan law (linked from the footer and sign-up).
import { Link } from 'react-router-dom';
import { OpeningHours } from '@/components/ui/opening-hours';
import { company } from '@/config/company';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { formatKsh } from '@/lib/format';
import { LAST_UPDATED, LegalPage, type LegalSection } from '../components/legal-page';

const { address } = company;

const sections: LegalSection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    content: (
      <>
        <p>
          These Terms of Service (&ldquo;Terms&rdquo;) govern your use of the {company.name} website and services
          (&ldquo;{company.name}&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;), run from {address.building},{' '}
          {address.street}, {address.city}, {address.country}. By browsing {company.name}, creating an account, posting
          a listing or sending a booking request, you agree to these Terms. If you do not agree, please do not use{' '}
          {company.name}.
        </p>
        <p>
          Our <Link to={paths.privacy.getHref()}>Privacy Policy</Link> explains how we handle your personal data and
          forms part of these Terms.
        </p>
      </>
    ),
  },
  {
    id: 'what-mtaani-is',
    title: 'What Mtaani is',
    content: (
      <>
        <p>
          {company.name} is a marketplace where independent providers (&ldquo;sellers&rdquo;) list beauty, hair,
          health, fitness, fashion, bridal, gifts, home and photography services, and where visitors
          (&ldquo;buyers&rdquo;) find them, contact them and request appointments.
        </p>
        <p>
          Sellers are independent businesses and professionals. They are not our employees or agents, and{' '}
          {company.name} does not provide the services listed on the site.
        </p>
      </>
    ),
  },
  {
    id: 'who-may-use-mtaani',
    title: 'Who may use Mtaani',
    content: (
      <>
        <p>Anyone may browse, search, contact providers and request appointments without an account.</p>
        <ul>
          <li>To create an account you must be at least 18 years old and able to enter into a contract in Kenya.</li>
          <li>The details you give us (name, email address and phone number) must be true and kept up to date.</li>
          <li>
            Keep your password to yourself. You are responsible for what happens under your account; tell us at once
            at <a href={`mailto:${company.email}`}>{company.email}</a> if you think someone else has used it.
          </li>
          <li>One person or business per account. Accounts may not be sold or transferred.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'sellers-obligations',
    title: "Sellers' obligations",
    content: (
      <>
        <p>If you list services on {company.name}, you agree that:</p>
        <ul>
          <li>
            <strong>Your listings are truthful.</strong> The name, description, price range in Kenya shillings,
            location and phone number are accurate, and your photos show your own work, premises or products.
          </li>
          <li>
            <strong>You are licensed where the law requires it.</strong> Services such as health, skin, nutrition,
            mental-health and maternal care may only be offered by people registered with the relevant professional
            body, and your business must hold the permits your county requires. We may ask for proof at any time.
          </li>
          <li>
            <strong>You treat buyers fairly.</strong> You reply to enquiries, honour the appointments you confirm,
            charge the prices you agree, and follow Kenya&apos;s consumer protection laws.
          </li>
          <li>
            <strong>You respect buyers&apos; privacy.</strong> You use the contact details and booking information you
            receive only to deal with that buyer&apos;s request, as the Data Protection Act, 2019 requires, and never
            for unrelated marketing.
          </li>
          <li>
            <strong>You have the right to everything you post,</strong> including the consent of any person who can
            be recognised in your photos.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'seller-packages-and-payment',
    title: 'Seller packages and payment',
    content: (
      <>
        <p>
          Sellers list services with a monthly package: Basic ({formatKsh(800)} a month), Standard (
          {formatKsh(1500)} a month) or Premium ({formatKsh(2500)} a month). The package decides, among other
          things, how many photos each listing may carry. The prices shown on the{' '}
          <Link to={paths.sellerPackages.getHref()}>Seller Packages</Link> page when you pay are the prices that
          apply.
        </p>
        <ul>
          <li>
            Packages are paid monthly in advance through <span className="nowrap">M-Pesa</span>. Your listings are shown while your package is paid
            up.
          </li>
          <li>
            If a payment is not made when it falls due, your listings may be hidden until it is. They are not deleted.
          </li>
          <li>You can change or upgrade your package after registration.</li>
          <li>
            Payments are not refunded for part of a month, for example when you stop selling mid-month or we remove
            a listing that breaks these Terms, unless Kenyan law requires a refund.
          </li>
          <li>We will tell you at least 30 days before a price change applies to your package.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'dealing-with-providers',
    title: 'Dealing with providers',
    content: (
      <>
        <p>
          When you contact or book a provider, your agreement for that service is directly with the provider, not
          with {company.name}. The provider is responsible for the service, its price, any deposit, cancellations,
          and its quality and safety. {company.name} does not take payment for services and is not a party to that
          agreement.
        </p>
        <p>
          A booking request is a request until the provider confirms it. We check listings and act on reports, but we
          cannot guarantee any provider&apos;s work, so please use good judgement:
        </p>
        <ul>
          <li>Agree the price, and any deposit, before the appointment.</li>
          <li>
            Before you pay a deposit by <span className="nowrap">M-Pesa</span>, check that the name the payment shows matches the provider.
          </li>
          <li>
            Report a listing or provider that seems misleading or unsafe through the{' '}
            <Link to={paths.contact.getHref()}>contact page</Link>.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'prohibited-content',
    title: 'Prohibited content and conduct',
    content: (
      <>
        <p>You may not use {company.name} to post, offer or do any of the following:</p>
        <ul>
          <li>False or misleading listings, fake prices, or photos of someone else&apos;s work.</li>
          <li>Services that are illegal in Kenya, or that need a licence or registration you do not hold.</li>
          <li>Sexual services or sexually explicit content.</li>
          <li>
            Products that are banned or unsafe, including skin-lightening products with banned ingredients such as
            mercury or hydroquinone, counterfeit goods, and prescription medicines.
          </li>
          <li>Content that is hateful, threatening, harassing or discriminatory, or that exploits children.</li>
          <li>Impersonating another person or business.</li>
          <li>
            Spam, scraping the site, collecting other users&apos; details, or interfering with how {company.name}{' '}
            works.
          </li>
        </ul>
        <p>
          We may remove any content that breaks these Terms and suspend or close the accounts involved, and we may
          report illegal activity to the authorities.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    content: (
      <p>
        You keep ownership of the text and photos you post. You give {company.name} a non-exclusive, royalty-free
        licence to host, store, resize and show them on {company.name} and to use them to promote your listing on{' '}
        {company.name}, for as long as they are on the site. We remove hidden data, such as location, from photos
        when you upload them.
      </p>
    ),
  },
  {
    id: 'closing-an-account',
    title: 'Suspending and closing accounts',
    content: (
      <p>
        You can close your account at any time by writing to <a href={`mailto:${company.email}`}>{company.email}</a>.
        We may suspend or close an account that breaks these Terms, that puts buyers at risk, or as the law
        requires. Where we can, we will tell you why and give you a chance to respond.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    content: (
      <>
        <p>
          We work hard to keep {company.name} available and accurate, but we provide it &ldquo;as is&rdquo; and cannot
          promise that it will always be available or free of errors.
        </p>
        <p>To the extent the law allows:</p>
        <ul>
          <li>
            {company.name} is not liable for the services providers offer or perform, or for disputes between buyers
            and providers;
          </li>
          <li>we are not liable for indirect losses, such as loss of business, profit or opportunity; and</li>
          <li>
            our total liability to a seller for any claim is limited to the package fees that seller paid us in the
            three months before the claim.
          </li>
        </ul>
        <p>
          Nothing in these Terms limits any right you have under Kenyan law that cannot be limited, including under
          the Consumer Protection Act, 2012.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these Terms as {company.name} grows or the law changes. The date at the top shows the latest
        version. If a change matters for you, we will tell you on the site or by email before it takes effect; using{' '}
        {company.name} after that means you accept the new Terms.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    content: (
      <p>
        These Terms are governed by the laws of Kenya. If you have a complaint, please contact us first and we will
        try to resolve it with you. Disputes that cannot be resolved this way will be decided by the courts of Kenya.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <>
        <p>Questions about these Terms? Get in touch:</p>
        <ul>
          <li>
            Email: <a href={`mailto:${company.email}`}>{company.email}</a>
          </li>
          <li>
            Phone: <a href={company.phone.href}>{company.phone.label}</a> (<OpeningHours />, Nairobi time)
          </li>
          <li>
            Post or visit: {company.name}, {address.building}, {address.street}, {address.city}, {address.country}
          </li>
        </ul>
      </>
    ),
  },
];

export default function TermsRoute() {
  useDocumentTitle('Terms of Service');
  return (
    <LegalPage
      title="Terms of Service"
      lead={`The rules for using ${company.name}: for buyers who find and book services, and for sellers who list them.`}
      updated={LAST_UPDATED}
      sections={sections}
    />
  );
}
