// /about (SPEC §2): the story, mission, vision and values of Mtaani.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { HeartIcon, SearchIcon, StarIcon } from '@/components/ui/icons';
import { HandshakeIcon, HomeIcon, ShieldIcon, SmartphoneIcon, StoreIcon } from '@/components/ui/page-icons';
import { PageHero } from '@/components/ui/page-hero';
import { Prose } from '@/components/ui/prose';
import { categories } from '@/config/categories';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import './about.css';

interface Value {
  title: string;
  description: ReactNode;
  icon: ReactNode;
}

const values: Value[] = [
  {
    title: t('Trust comes first'),
    description: t(
      'Honest listings, real photos of real work and prices in shillings you can plan with. We would rather show fewer providers than mislead you.',
    ),
    icon: <ShieldIcon />,
  },
  {
    title: t('Close to home'),
    description: t(
      'The best braider, nail tech or trainer is often a few streets away. We champion the neighbourhood businesses that keep our estates looking and feeling good.',
    ),
    icon: <HomeIcon />,
  },
  {
    title: t('Fair to providers'),
    description: tx(
      'One simple monthly package, paid through {mpesa}. Customers contact you directly, and what they pay for your work is yours.',
      { mpesa: <span className="nowrap">M-Pesa</span> },
    ),
    icon: <HandshakeIcon />,
  },
  {
    title: t('Respect for every client'),
    description: t(
      'Every hair texture, skin tone, body and budget is welcome. Good service should make you feel seen, not judged.',
    ),
    icon: <HeartIcon />,
  },
  {
    title: t('Growing together'),
    description: t(
      'When providers do well, neighbourhoods do well. We listen to our sellers and buyers, and build what they ask for.',
    ),
    icon: <StarIcon />,
  },
  {
    title: t('Made for your phone'),
    description: t(
      'Mtaani is built to load quickly on an everyday phone and a busy network, in plain language, with WhatsApp one tap away.',
    ),
    icon: <SmartphoneIcon />,
  },
];

export default function AboutRoute() {
  useDocumentTitle(t('About Us'));

  return (
    <div className="container page about-page">
      <PageHero
        eyebrow={t('About Us')}
        title={t('Good services, right in your neighbourhood')}
        lead={tx(
          '{mtaani} is Swahili for “in the neighbourhood”. We help you find the stylists, beauticians, trainers, health professionals and makers who are already close to home, and we help them get found.',
          { mtaani: <i lang="sw">Mtaani</i> },
        )}
      />

      <div className="about-page__story">
        <Prose>
          <h2>{t('Our story')}</h2>
          <p>
            {t(
              'Ask anyone in Nairobi how they found their braider, their makeup artist or the tailor who finally got the fit right, and the answer is almost always the same: a friend, a cousin, a message forwarded in a WhatsApp group. Word of mouth works, but only if you already know the right people.',
            )}
          </p>
          <p>
            {t(
              'Meanwhile, some of the most talented people we know work from a small salon off the main road, from a room at home in the estate, or from wherever their clients are. They are brilliant at what they do, yet they have no website and little time to chase new customers.',
            )}
          </p>
          <p>
            {t(
              'Mtaani started as a simple idea: put those providers where people are already looking, on their phones. Every listing shows real work, a price range and a location, and connects you straight to the provider on WhatsApp or by phone, or lets you request an appointment in a few taps. From beauty, hair and fitness to bridal, fashion, photography and help at home, Mtaani brings the whole neighbourhood together in one place.',
            )}
          </p>
        </Prose>
        <aside className="about-page__categories" aria-labelledby="about-categories">
          <h2 id="about-categories" className="about-page__categories-title">
            {t("On Mtaani you'll find")}
          </h2>
          <ul className="plain-list">
            {categories.map((category) => (
              <li key={category.id}>
                <strong>{category.label}</strong>
                <span>
                  {category.links
                    .slice(0, 3)
                    .map((link) => link.label)
                    .join(', ')}
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </div>

      <div className="about-page__pillars">
        <section className="about-pillar" aria-labelledby="about-mission">
          <h2 id="about-mission" className="about-pillar__title">
            {t('Our mission')}
          </h2>
          <p>
            {t(
              'To make it simple and safe for anyone in Kenya to find, contact and book trusted local service providers, and to help those providers grow their businesses on their own terms.',
            )}
          </p>
        </section>
        <section className="about-pillar about-pillar--vision" aria-labelledby="about-vision">
          <h2 id="about-vision" className="about-pillar__title">
            {t('Our vision')}
          </h2>
          <p>
            {t(
              'A Kenya where every skilled provider, from the braider working from home in Kayole to the bridal studio in Westlands, is found by the people who need them, and where every client books with confidence.',
            )}
          </p>
        </section>
      </div>

      <section className="about-values" aria-labelledby="about-values">
        <h2 id="about-values" className="about-values__title">
          {t('What we stand for')}
        </h2>
        <ul className="plain-list about-values__grid">
          {values.map((value) => (
            <li key={value.title} className="about-value">
              <span className="about-value__icon">{value.icon}</span>
              <h3 className="about-value__title">{value.title}</h3>
              <p>{value.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-cta" aria-labelledby="about-cta">
        <h2 id="about-cta" className="about-cta__title">
          {t('Find your next favourite provider, or become one')}
        </h2>
        <p>{t('Browse services near you, or list your own business with a monthly seller package.')}</p>
        <div className="about-cta__actions">
          <Link to={paths.allServices.getHref()} className={buttonClass({ size: 'lg' })}>
            <SearchIcon size={20} />
            {t('Find Services')}
          </Link>
          <Link to={paths.sellerPackages.getHref()} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
            <StoreIcon size={20} />
            {t('Become a Seller')}
          </Link>
        </div>
      </section>

      {/* The places behind the place picker and Near me (proto/catalog/v1/places, CC BY 4.0). */}
      <p className="about-credit">{t('Ward boundaries: American Red Cross, via the Humanitarian Data Exchange (CC BY 4.0)')}</p>
    </div>
  );
}
