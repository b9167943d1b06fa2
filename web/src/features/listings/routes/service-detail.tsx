// /service/:id (SPEC §2 Service detail): one listing with its gallery, description, price, where it
// is and how to reach the provider; its service menu and its team ("Choose a stylist") when
// it has them.
import { Suspense, useCallback, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BookingButton } from '@/components/booking/booking-button';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button, buttonClass } from '@/components/ui/button';
import { FavouriteButton } from '@/components/ui/favourite-button';
import { MapPinIcon, PhoneIcon, SearchIcon, StarIcon, WhatsAppIcon } from '@/components/ui/icons';
import { RatingLine } from '@/components/ui/rating';
import { StatusMessage } from '@/components/ui/status-message';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { apiErrorStatus } from '@/lib/api-client';
import { describePage, useDocumentTitle } from '@/lib/document-title';
import { reloadPage } from '@/lib/browser';
import { fullLoadHelpsOffline } from '@/lib/online';
import { preloadable } from '@/lib/preloadable';
import { nairobiNow } from '@/lib/dates';
import { formatPriceRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { categoryLabel, categoryTitle, subcategoryLabel } from '@/lib/listing';
import { placeLabel } from '@/lib/places';
import { cleanPhoneNumber } from '@/lib/phone';
import { getListingTeam, listingTeamKey } from '@/lib/team';
import { useRequest, type RequestState } from '@/lib/use-request';
import { whatsappLink } from '@/lib/whatsapp';
import type { BookingListing, BookingOpening } from '@/lib/booking-dialog';
import type { ListingDetail, TeamMember } from '@/types/api';
import { getListingProvider, listingProviderKey } from '../api/get-listing-provider';
import { useListing } from '../api/use-listing';
import { openingLine } from '../opening';
import { serviceMeta } from '../page-meta';
import { ServiceGallery } from '../components/service-gallery';
import { ServiceMenu } from '../components/service-menu';
import { ServiceTeam } from '../components/service-team';
import '@/components/ui/badge.css';
import '@/components/ui/skeleton.css';
import './service-detail.css';

const LOAD_FAILED = t('Failed to load service details. Please try again.');
// Below the fold, its code a chunk of its own; the server renders it with the first page of reviews
// (loaded with the listing, app/first-screen.ts), and the browser hydrates it once its code is here.
const ServiceReviews = preloadable(() => import('../components/service-reviews')).Component;
const NO_PHONE = t('Phone number not available for this service.');

export default function ServiceDetailRoute() {
  const id = (useParams().id ?? '').trim();
  if (!id) return <ServiceNotFound />;
  // A new id is a new page: nothing of the previous listing stays on screen while the next loads.
  return <ServiceDetail key={id} id={id} />;
}

function ServiceDetail({ id }: { id: string }) {
  const request = useListing(id);
  // Asked for beside the listing (app/page-table.ts starts both), not once it is here.
  const loadTeam = useCallback((signal: AbortSignal) => getListingTeam(id, signal), [id]);
  const team = useRequest(loadTeam, 'Failed to load the team of a listing', listingTeamKey(id));
  // Offline, a listing the phone has not kept, opened by a tap in the app: the offline page, as when
  // its address is typed, rather than an error that only a connection can fix.
  const loadsInFull =
    request.status === 'error' && apiErrorStatus(request.error) === undefined && fullLoadHelpsOffline();
  useEffect(() => {
    if (loadsInFull) reloadPage();
  }, [loadsInFull]);

  if (request.status === 'loading' || loadsInFull) return <ServiceDetailSkeleton />;
  if (request.status === 'error') {
    return (
      <div className="container page">
        <StatusMessage role="alert" title={LOAD_FAILED}>
          <div className="service-detail__state-actions">
            <Button onClick={request.retry}>{t('Try Again')}</Button>
            <Link to={paths.home.getHref()} className={buttonClass({ variant: 'secondary' })}>
              {t('Back to Homepage')}
            </Link>
          </div>
        </StatusMessage>
      </div>
    );
  }
  if (!request.data) return <ServiceNotFound />;
  return <ServiceDetailView listing={request.data} team={team} />;
}

function ServiceNotFound() {
  useDocumentTitle(t('Service Not Found'));
  if (import.meta.env.SSR) describePage({ description: '', notFound: true });
  return (
    <div className="container page service-detail__not-found">
      <div className="status-message__icon" aria-hidden="true">
        <SearchIcon size={26} />
      </div>
      <h1>{t('Service Not Found')}</h1>
      <p>{t('Service not found. The provider may have removed it, or the link may be mistyped.')}</p>
      <div className="service-detail__state-actions">
        <Link to={paths.home.getHref()} className={buttonClass()}>
          {t('Back to Homepage')}
        </Link>
        <Link to={paths.allServices.getHref()} className={buttonClass({ variant: 'secondary' })}>
          {t('Browse All Services')}
        </Link>
      </div>
    </div>
  );
}

function ServiceDetailView({ listing, team }: { listing: ListingDetail; team: RequestState<TeamMember[]> }) {
  useDocumentTitle(listing.name);
  if (import.meta.env.SSR) describePage(serviceMeta(listing));
  const titleId = useId();
  const categoryHref = paths.category.getHref(categoryTitle(listing));
  const categoryName = categoryLabel(listing);
  const subcategoryName = subcategoryLabel(listing);
  const price = formatPriceRange(listing.minPrice, listing.maxPrice);
  const phone = listing.phoneNumber;
  // The ward or estate with the areas it lies in, when it says more than the provider's own words.
  const area = listing.place && placeLabel(listing.place);
  // Without a team's answer (loading, failed) there is nothing to choose here: the dialog asks itself.
  const booking: BookingListing | null = team.status === 'success' ? { options: listing.options, team: team.data } : null;
  const opening: BookingOpening | undefined = booking ? { listing: booking } : undefined;
  const choices = listing.options.length > 0 || (booking?.team.length ?? 0) > 0;

  return (
    <div className="container page service-detail">
      <Breadcrumb
        crumbs={[
          { label: t('Home'), to: paths.home.getHref() },
          { label: categoryName, to: categoryHref },
          { label: listing.name },
        ]}
      />

      <article
        className={['service-detail__layout', choices && 'service-detail__layout--menu']
          .filter(Boolean)
          .join(' ')}
        aria-labelledby={titleId}
      >
        <header className="service-detail__summary">
          <div className="service-detail__labels">
            {subcategoryName && <p className="service-detail__subcategory">{subcategoryName}</p>}
            {listing.featured && (
              <span className="gold-badge service-detail__badge">
                <StarIcon size={14} />
                {t('Featured')}
              </span>
            )}
          </div>
          <h1 id={titleId} className="service-detail__name">
            {listing.name}
          </h1>
          <ProviderLines listingId={listing.id} />
          <p className="service-detail__price">
            <span className="visually-hidden">{t('Price range:')} </span>
            {price}
          </p>
          {listing.rating.count > 0 && (
            <a className="service-detail__rating" href="#reviews">
              <RatingLine rating={listing.rating} />
            </a>
          )}
          <FavouriteButton listing={listing} withText className="service-detail__favourite" />
        </header>

        <Tabs
          className="service-detail__tabs"
          label={t('About this service')}
          tabs={[
            { id: 'gallery', label: t('Gallery'), panel: <ServiceGallery name={listing.name} photos={listing.photos} /> },
            {
              id: 'description',
              label: t('Description'),
              panel: (
                <p className="service-detail__description">
                  {listing.description || t('The provider has not added a description yet.')}
                </p>
              ),
            },
          ]}
        />

        {choices && (
          <div className="service-detail__menu">
            {listing.options.length > 0 && <ServiceMenu options={listing.options} />}
            {booking && booking.team.length > 0 && (
              <ServiceTeam serviceId={listing.id} serviceName={listing.name} listing={booking} />
            )}
          </div>
        )}

        <section className="service-detail__contact card" aria-label={t('Details and contact')}>
          <dl className="service-detail__facts">
            <div>
              <dt>{t('Category')}</dt>
              <dd>
                <Link to={categoryHref}>{categoryName}</Link>
              </dd>
            </div>
            <div>
              <dt>{t('Location')}</dt>
              <dd className="service-detail__fact-with-icon">
                <MapPinIcon size={18} />
                <span>
                  {listing.location}
                  {area && area.toLowerCase() !== listing.location.toLowerCase() && (
                    <span className="service-detail__area">{area}</span>
                  )}
                </span>
              </dd>
            </div>
            {listing.servesRadiusKm > 0 && (
              <div>
                <dt>{t('Comes to you')}</dt>
                <dd>
                  {t('Within {km} km of {place}', {
                    km: listing.servesRadiusKm,
                    place: listing.place?.name ?? listing.location,
                  })}
                </dd>
              </div>
            )}
            {listing.directions && (
              <div>
                <dt>{t('Directions')}</dt>
                <dd>{listing.directions}</dd>
              </div>
            )}
            <div>
              <dt>{t('Phone')}</dt>
              <dd className="service-detail__fact-with-icon">
                <PhoneIcon size={18} />
                {phone ? <a href={telLink(phone)}>{phone}</a> : t('Not provided')}
              </dd>
            </div>
          </dl>
          <ContactAction listing={listing} />
          <BookingButton serviceId={listing.id} serviceName={listing.name} opening={opening} size="lg" block>
            {t('Book an Appointment')}
          </BookingButton>
          {listing.sellerId && (
            <Link className="service-detail__provider" to={paths.provider.getHref(listing.sellerId)}>
              {t('More from this provider')}
            </Link>
          )}
          <Link className="service-detail__report" to={`/contact?report=${encodeURIComponent(listing.id)}`}>
            {t('Report this listing')}
          </Link>
        </section>
      </article>

      <section id="reviews" className="service-detail__reviews" aria-labelledby={`${titleId}-reviews`}>
        <h2 id={`${titleId}-reviews`}>{t('Reviews')}</h2>
        <Suspense fallback={<p role="status">{t('Loading reviews…')}</p>}>
          <ServiceReviews serviceId={listing.id} />
        </Suspense>
      </section>
      <ActionBar listing={listing} opening={opening} />
    </div>
  );
}

const telLink = (phone: string) => `tel:${cleanPhoneNumber(phone) ?? phone.replace(/[^\d+]/g, '')}`;

/**
 * Who offers the listing and when they work, under its name: "by Wanjiru Kamau", "Open today 9:00 AM –
 * 7:00 PM". Their answer comes with the listing's on the first screen; elsewhere the two lines keep
 * their room while it loads, so nothing below them moves. Without it (a failed call) they stay empty.
 */
function ProviderLines({ listingId }: { listingId: string }) {
  const load = useCallback((signal: AbortSignal) => getListingProvider(listingId, signal), [listingId]);
  const request = useRequest(load, 'Failed to load the provider of a listing', listingProviderKey(listingId));
  const provider = request.status === 'success' ? request.data : null;
  return (
    <>
      <p className="service-detail__line">
        {provider &&
          tx('by {provider}', {
            provider: <Link to={paths.provider.getHref(provider.id)}>{provider.name}</Link>,
          })}
      </p>
      <p className="service-detail__line service-detail__opening">{provider && openingLine(provider, nairobiNow().date)}</p>
    </>
  );
}

/**
 * On a phone, WhatsApp, Call and Book stay at the foot of the screen: the card that has
 * them is below the first screen there. CSS shows it under 900 px, keeps the page's end clear of it,
 * and hides it while a field has the keyboard up (service-detail.css).
 */
function ActionBar({ listing, opening }: { listing: ListingDetail; opening?: BookingOpening }) {
  const chatLink = whatsappLink(listing);
  return (
    <section className="action-bar" aria-label={t('Contact and book')}>
      {chatLink && (
        <a className={buttonClass({ variant: 'whatsapp' })} href={chatLink} target="_blank" rel="noopener noreferrer">
          <WhatsAppIcon size={20} />
          WhatsApp
          <span className="visually-hidden"> {t('(opens in a new tab)')}</span>
        </a>
      )}
      {listing.phoneNumber && (
        <a className={buttonClass({ variant: 'secondary' })} href={telLink(listing.phoneNumber)}>
          <PhoneIcon size={20} />
          {t('Call')}
        </a>
      )}
      <BookingButton serviceId={listing.id} serviceName={listing.name} opening={opening}>
        {t('Book')}
      </BookingButton>
    </section>
  );
}

/** The WhatsApp chat, or 'Contact Unavailable' that says why when pressed (SPEC §8). */
function ContactAction({ listing }: { listing: ListingDetail }) {
  const [explained, setExplained] = useState(false);
  const chatLink = whatsappLink(listing);

  if (chatLink) {
    return (
      <a
        className={buttonClass({ variant: 'whatsapp', size: 'lg', block: true })}
        href={chatLink}
        target="_blank"
        rel="noopener noreferrer"
      >
        <WhatsAppIcon size={22} />
        {t('Contact via WhatsApp')}
        <span className="visually-hidden"> {t('(opens in a new tab)')}</span>
      </a>
    );
  }
  return (
    <div>
      {/* aria-disabled, not disabled: it stays focusable and pressable, so it can say why it is off. */}
      <Button variant="secondary" size="lg" block aria-disabled="true" onClick={() => setExplained(true)}>
        {t('Contact Unavailable')}
      </Button>
      <p className="service-detail__alert" role="alert">
        {explained ? NO_PHONE : ''}
      </p>
    </div>
  );
}

/**
 * The loaded page's frame with placeholders in the same boxes (the breadcrumb's line, the name's two
 * lines on a phone, the tab bar, the 4:3 photo, the contact card), so nothing moves when it arrives.
 * Each placeholder holds a no-break space: its height is the line of the real text's type.
 */
function ServiceDetailSkeleton() {
  return (
    <div className="container page service-detail" role="status" aria-live="polite">
      <span className="visually-hidden">{t('Loading service…')}</span>
      <div aria-hidden="true">
        <div className="breadcrumb">
          <span className="skeleton service-detail__skeleton-crumbs">{NBSP}</span>
        </div>
        <div className="service-detail__layout">
          <div className="service-detail__summary">
            <p className="service-detail__subcategory">
              <span className="skeleton" style={{ width: '30%' }}>
                {NBSP}
              </span>
            </p>
            <p className="service-detail__name service-detail__skeleton-name">
              <span className="skeleton">{NBSP}</span>
              <span className="skeleton service-detail__skeleton-second-line">{NBSP}</span>
            </p>
            <p className="service-detail__price">
              <span className="skeleton" style={{ width: '45%' }}>
                {NBSP}
              </span>
            </p>
          </div>
          <div className="tabs service-detail__tabs">
            <div className="tabs__list">
              <span className="tabs__tab service-detail__skeleton-tab">
                <span className="skeleton">{NBSP}</span>
              </span>
              <span className="tabs__tab service-detail__skeleton-tab">
                <span className="skeleton">{NBSP}</span>
              </span>
            </div>
            <span className="skeleton gallery__stage" />
          </div>
          <div className="service-detail__contact card">
            <div className="service-detail__facts">
              {['40%', '70%', '55%'].map((width) => (
                <div key={width}>
                  <span className="skeleton service-detail__skeleton-term">{NBSP}</span>
                  <span className="skeleton service-detail__skeleton-fact" style={{ width }}>
                    {NBSP}
                  </span>
                </div>
              ))}
            </div>
            <span className="skeleton service-detail__skeleton-button" />
            <span className="skeleton service-detail__skeleton-button" />
          </div>
        </div>
      </div>
    </div>
  );
}

const NBSP = '\u00a0';
