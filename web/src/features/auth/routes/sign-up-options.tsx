// /signup-options (SPEC §2): join as a buyer (straight to the form) or as a seller (packages first).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { ShoppingBagIcon, StoreIcon } from '@/components/ui/page-icons';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { CheckList } from '../components/check-list';
import '../components/auth.css';

interface AccountOption {
  id: 'buyer' | 'seller';
  title: string;
  summary: string;
  icon: ReactNode;
  benefits: string[];
  action: string;
  to: string;
}

// The buyer benefits are marketing text only (SPEC §1): no account feature stands behind them yet.
const options: AccountOption[] = [
  {
    id: 'buyer',
    title: t('Buyer'),
    summary: t('Find and book trusted services near you.'),
    icon: <ShoppingBagIcon size={28} />,
    benefits: [t('Save your favourite providers'), t('Book appointments'), t('Rate and review services')],
    action: t('Sign up as a buyer'),
    to: paths.signUp.getHref('buyer'),
  },
  {
    id: 'seller',
    title: t('Seller'),
    summary: t('Offer your services to customers across Kenya.'),
    icon: <StoreIcon size={28} />,
    benefits: [
      t('List your services with photos'),
      t('Get contacted on WhatsApp and by phone'),
      t('Receive appointment requests'),
    ],
    action: t('Sign up as a seller'),
    to: paths.sellerPackages.getHref(),
  },
];

export default function SignUpOptionsRoute() {
  useDocumentTitle(t('Sign up'));

  return (
    <div className="container page auth-page">
      <header className="page-header auth-page__header">
        <h1>{t('Join Mtaani')}</h1>
        <p>{t('How would you like to use Mtaani?')}</p>
      </header>
      <ul className="plain-list account-options">
        {options.map((option) => (
          <li key={option.id} className="card account-option">
            <span className="account-option__icon">{option.icon}</span>
            <h2 className="account-option__title">{option.title}</h2>
            <p className="account-option__summary">{option.summary}</p>
            <CheckList items={option.benefits} />
            <Link
              to={option.to}
              className={buttonClass({ size: 'lg', block: true })}
            >
              {option.action}
            </Link>
          </li>
        ))}
      </ul>
      <p className="auth-page__footer">
        {t('Already have an account?')} <Link to={paths.signIn.getHref()}>{t('Sign in')}</Link>
      </p>
    </div>
  );
}
