// The home page (SPEC §2 Home page): a banner with the tagline, then one section per category that
// has services.
import { Link, useNavigate } from 'react-router-dom';
import { BookingButton } from '@/components/booking/booking-button';
import { SearchForm } from '@/components/layouts/header/search-form';
import { ListingGridSkeleton } from '@/components/listings/listing-grid';
import { NearMe } from '@/components/places/near-me';
import { Button, buttonClass } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { PageHero } from '@/components/ui/page-hero';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { useRequest } from '@/lib/use-request';
import '@/components/ui/skeleton.css';
import { getHomeSections, HOME_SECTION_SIZE, HOME_SECTIONS } from '../api/get-home-sections';
import { CategorySection } from '../components/category-section';
import './home.css';

const LOAD_FAILED = t('Failed to load services. Please try again later.');

/** The first section's first cards are above the fold on every screen: their photos are the LCP. */
const PRIORITY_CARDS = 2;

export default function HomeRoute() {
  useDocumentTitle();
  const sections = useRequest(getHomeSections, 'Failed to load the home page services', HOME_SECTIONS);
  const navigate = useNavigate();

  return (
    <div className="container page home">
      {/* A phone's header has no search box (its drawer has): the first screen gets one here. Hidden on
          a desktop, whose header has it. */}
      <div className="home__search">
        <SearchForm />
      </div>
      <PageHero
        eyebrow={t('Karibu Mtaani')}
        title={t('Find trusted beauty, wellness and lifestyle services near you')}
        lead={t(
          'Hair, beauty, health, fitness, bridal and more from providers in your neighbourhood. Compare prices, then chat on WhatsApp.',
        )}
      >
        {/* No service here: the dialog first asks which one. */}
        <BookingButton size="lg">{t('Book an Appointment')}</BookingButton>
      </PageHero>
      {/* The nearest providers, once the visitor says where they are. */}
      <NearMe onChosen={() => void navigate(paths.allServices.getHref())} />

      {sections.status === 'loading' && (
        <div className="home__loading">
          <span className="home__skeleton-title skeleton skeleton--title" aria-hidden="true" />
          <ListingGridSkeleton count={HOME_SECTION_SIZE} />
        </div>
      )}

      {sections.status === 'error' && (
        <StatusMessage role="alert" title={LOAD_FAILED}>
          <Button onClick={sections.retry}>{t('Try Again')}</Button>
        </StatusMessage>
      )}

      {sections.status === 'success' && sections.data.length === 0 && (
        <StatusMessage
          title={t('No services found')}
          description={t('Mtaani is new here: be the first provider in your neighbourhood to list a service.')}
        >
          <Link to={paths.postService.getHref()} className={buttonClass()}>
            <PlusIcon size={18} />
            {t('Add a Service')}
          </Link>
        </StatusMessage>
      )}

      {sections.status === 'success' &&
        sections.data.map(({ category, listings }, index) => (
          <CategorySection
            key={category.id}
            title={category.label}
            categoryId={category.id}
            listings={listings}
            priorityCount={index === 0 ? PRIORITY_CARDS : 0}
          />
        ))}
    </div>
  );
}
