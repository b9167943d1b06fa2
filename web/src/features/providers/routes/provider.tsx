// /provider/:id, a provider's page: who they are, the towns they serve, their rating over
// all their listings, their working week, and every listing of theirs that is shown.
import { Fragment, useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ListingGrid, ListingGridSkeleton } from '@/components/listings/listing-grid';
import { Button, buttonClass } from '@/components/ui/button';
import { MapPinIcon } from '@/components/ui/icons';
import { RatingLine } from '@/components/ui/rating';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { describePage, useDocumentTitle } from '@/lib/document-title';
import { formatTimeRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { useRequest } from '@/lib/use-request';
import { WEEK } from '@/lib/week';
import { getProvider, providerKey, type Provider } from '../api/get-provider';
import { providerMeta } from '../page-meta';
import './provider.css';

export const NOT_FOUND = t('Provider Not Found');
export const LOAD_FAILED = t('Failed to load this provider. Please try again.');

export default function ProviderRoute() {
  const id = (useParams().id ?? '').trim();
  const load = useCallback((signal: AbortSignal) => getProvider(id, signal), [id]);
  const request = useRequest(load, 'Failed to load the provider', providerKey(id));
  if (request.status === 'loading') {
    return (
      <div className="container page">
        <ListingGridSkeleton count={4} label={t('Loading the provider…')} />
      </div>
    );
  }
  if (request.status === 'error') {
    return (
      <div className="container page">
        <StatusMessage role="alert" title={LOAD_FAILED}>
          <Button onClick={request.retry}>{t('Try Again')}</Button>
        </StatusMessage>
      </div>
    );
  }
  if (!request.data) return <ProviderNotFound />;
  return <ProviderPage key={id} provider={request.data} />;
}

function ProviderNotFound() {
  useDocumentTitle(NOT_FOUND);
  if (import.meta.env.SSR) describePage({ description: '', notFound: true });
  return (
    <div className="container page">
      <StatusMessage title={NOT_FOUND} description={t('This provider has nothing on Mtaani right now.')}>
        <Link to={paths.allServices.getHref()} className={buttonClass()}>
          {t('Browse All Services')}
        </Link>
      </StatusMessage>
    </div>
  );
}

function ProviderPage({ provider }: { provider: Provider }) {
  useDocumentTitle(provider.name);
  if (import.meta.env.SSR) describePage(providerMeta(provider));
  const open = WEEK.filter(([day]) => (provider.hours[day] ?? []).length > 0);
  return (
    <div className="container page provider">
      <header className="page-header provider__header">
        <h1>{provider.name}</h1>
        {provider.towns.length > 0 && (
          <p className="provider__towns">
            <MapPinIcon size={18} />
            <span>
              {tx('Serves {towns}', {
                towns: provider.towns.map((town, index) => (
                  <Fragment key={town}>
                    {index > 0 && ', '}
                    <Link to={paths.servicesByLocation.getHref(town)}>{town}</Link>
                  </Fragment>
                )),
              })}
            </span>
          </p>
        )}
        <RatingLine rating={provider.rating} />
      </header>
      <div className="provider__layout">
        <section aria-labelledby="provider-services">
          <h2 id="provider-services" className="provider__title">
            {t('Services ({count})', { count: provider.listings.length })}
          </h2>
          <ListingGrid listings={provider.listings} headingLevel={3} priorityCount={2} providerLinks={false} />
        </section>
        <section className="card provider__hours" aria-labelledby="provider-hours">
          <h2 id="provider-hours" className="provider__title">
            {t('Working hours')}
          </h2>
          {open.length === 0 ? (
            <p>{t('Ask the provider on WhatsApp when they work.')}</p>
          ) : (
            <dl>
              {WEEK.map(([day, name]) => {
                const intervals = provider.hours[day] ?? [];
                return (
                  <div key={day} className="provider__day">
                    <dt>{name}</dt>
                    <dd>{intervals.length ? intervals.map(([from = '', to]) => formatTimeRange(from, to)).join(', ') : t('Closed')}</dd>
                  </div>
                );
              })}
            </dl>
          )}
          <p className="provider__note">{t('Times are Nairobi time.')}</p>
        </section>
      </div>
    </div>
  );
}
