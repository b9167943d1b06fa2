// The site footer (SPEC §2 Home page, Footer): pages, popular categories, contact and social; the
// language and the data saver (lib/data-saver.ts) switches.
import { Link } from 'react-router-dom';
import { FacebookIcon, InstagramIcon, MailIcon, TwitterIcon } from '@/components/ui/icons';
import { findSubcategory } from '@/config/categories';
import { company } from '@/config/company';
import { paths } from '@/config/paths';
import { chooseDataSaver, useDataSaver } from '@/lib/data-saver';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { BrandMark } from './brand';
import { LanguageSwitch } from './language-switch';
import './footer.css';

const companyLinks = [
  { title: t('About Us'), to: paths.about.getHref() },
  { title: t('Blogs'), to: paths.blogs.getHref() },
  { title: t('Contact Us'), to: paths.contact.getHref() },
  { title: t('Terms of Service'), to: paths.terms.getHref() },
];

const popularLinks = (
  [
    ['beauty', 'makeup'],
    ['hair', 'braiding'],
    ['fashion', 'african'],
    ['health', 'skin-consultation'],
  ] as const
).flatMap(([category, slug]) => findSubcategory(category, slug) ?? []);

// No social accounts exist yet: the names show without a link rather than pointing nowhere.
const socialPlaceholders = [
  { name: 'Facebook', icon: <FacebookIcon size={18} /> },
  { name: 'Instagram', icon: <InstagramIcon size={18} /> },
  { name: 'Twitter', icon: <TwitterIcon size={18} /> },
];

/** 'Data saver', pressed while it is on (the switch's look is footer.css's). */
function DataSaverSwitch() {
  const on = useDataSaver();
  return (
    <button
      type="button"
      className="site-footer__language site-footer__data"
      aria-pressed={on}
      onClick={() => chooseDataSaver(!on)}
    >
      {t('Data saver')}
    </button>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__brand">
            <BrandMark size={36} />
            <span>Mtaani</span>
          </p>
          <p className="site-footer__tagline">
            {t('Trusted beauty, wellness and lifestyle services in your neighbourhood, across Kenya.')}
          </p>
        </div>

        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">
            {t('Company')}
          </h2>
          <ul className="plain-list site-footer__links">
            {companyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.title}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-popular">
          <h2 id="footer-popular" className="site-footer__heading">
            {t('Popular services')}
          </h2>
          <ul className="plain-list site-footer__links">
            {popularLinks.map((link) => (
              <li key={link.path}>
                <Link to={link.path}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="site-footer__heading">{t('Get in touch')}</h2>
          <a className="site-footer__email" href={`mailto:${company.email}`}>
            <MailIcon size={18} />
            {company.email}
          </a>
          <p className="site-footer__social-label" id="footer-social">
            {tx('Follow us {soon}', { soon: <span>{t('(coming soon)')}</span> })}
          </p>
          <ul className="plain-list site-footer__social" aria-labelledby="footer-social">
            {socialPlaceholders.map((social) => (
              <li key={social.name} className="site-footer__social-item">
                {social.icon}
                {social.name}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="site-footer__bottom-bar">
        <div className="container site-footer__bottom">
          <p>{t('© {year} Mtaani. All rights reserved.', { year: new Date().getFullYear() })}</p>
          <p className="site-footer__legal">
            <Link to={paths.terms.getHref()}>{t('Terms')}</Link>
            <Link to={paths.privacy.getHref()}>{t('Privacy')}</Link>
            <LanguageSwitch className="site-footer__language" />
            <DataSaverSwitch />
          </p>
        </div>
      </div>
    </footer>
  );
}
