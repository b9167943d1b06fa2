// /seller-packages (SPEC §2, §4 Package selection): the packages from the server as three cards; one
// is chosen, then 'Continue to Registration' opens the seller's sign-up form.
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { formatKsh } from '@/lib/format';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { PACKAGES_FAILED, usePackages } from '@/features/payments/api/get-packages';
import { PackageCard } from '@/features/auth/components/package-card';
import '@/features/auth/components/auth.css';

export default function SellerPackagesRoute() {
  useDocumentTitle(t('Seller Packages'));
  const navigate = useNavigate();
  const query = usePackages();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const headingId = useId();
  const chosen = query.status === 'success' ? query.data.find((p) => p.id === chosenId) : undefined;

  return (
    <div className="container page">
      <header className="page-header auth-page__header">
        <h1 id={headingId}>{t('Choose your seller package')}</h1>
        <p>{t('Pick the monthly package that suits your business, then create your seller account.')}</p>
      </header>

      {query.status === 'loading' && (
        <div role="status">
          <span className="visually-hidden">{t('Loading packages…')}</span>
          <div className="package-grid" aria-hidden="true">
            {[0, 1, 2].map((index) => (
              <div key={index} className="package-card package-card--skeleton" />
            ))}
          </div>
        </div>
      )}

      {query.status === 'error' && (
        <StatusMessage role="alert" title={PACKAGES_FAILED}>
          <Button onClick={query.retry}>{t('Try Again')}</Button>
        </StatusMessage>
      )}

      {query.status === 'success' && (
        <>
          <div role="radiogroup" aria-labelledby={headingId} className="package-grid">
            {query.data.map((sellerPackage) => (
              <PackageCard
                key={sellerPackage.id}
                sellerPackage={sellerPackage}
                group="package"
                selected={sellerPackage.id === chosenId}
                onChoose={setChosenId}
              />
            ))}
          </div>
          <p className="package-note">{t('You can change or upgrade your package at any time after registration.')}</p>
          <div className="package-summary">
            <p className="package-summary__text" aria-live="polite">
              {chosen
                ? chosen.photoUploads === 1
                  ? tx('{name} · {price}/month · up to 1 photo per listing', {
                      name: <strong>{chosen.name}</strong>,
                      price: formatKsh(chosen.price),
                    })
                  : tx('{name} · {price}/month · up to {count} photos per listing', {
                      name: <strong>{chosen.name}</strong>,
                      price: formatKsh(chosen.price),
                      count: chosen.photoUploads,
                    })
                : t('Choose a package to continue.')}
            </p>
            <Button
              size="lg"
              disabled={!chosen}
              onClick={() => {
                if (chosen) void navigate(paths.signUp.getHref('seller', chosen.id));
              }}
            >
              {t('Continue to Registration')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
