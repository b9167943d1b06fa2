// The office on a drawn map of Kilimani: it needs no network (no tiles, no iframe), and links out to
// OpenStreetMap for directions.
import { useId } from 'react';
import { ExternalLinkIcon } from '@/components/ui/page-icons';
import { company } from '@/config/company';
import { t } from '@/lib/i18n';

const { address } = company;

export function OfficeMap() {
  const id = useId();
  const argwingsKodhek = `${id}-argwings-kodhek`;
  const ngong = `${id}-ngong`;

  return (
    <figure className="office-map">
      <svg
        className="office-map__drawing"
        viewBox="0 0 360 220"
        role="img"
        aria-label={t('Map: the {company} office at {building}, {street}, Kilimani, {city}', {
          company: company.name,
          building: address.building,
          street: address.street,
          city: address.city,
        })}
      >
        <defs>
          <path id={argwingsKodhek} d="M-20 124C60 118 120 113 200 111S320 101 380 94" />
          <path id={ngong} d="M-20 200C90 193 210 186 380 173" />
        </defs>
        <rect width="360" height="220" fill="#f5ede3" />

        {/* Blocks and gardens between the streets */}
        <g fill="#ebdfd1">
          <rect x="14" y="8" width="44" height="30" rx="4" />
          <rect x="86" y="6" width="54" height="32" rx="4" />
          <rect x="166" y="4" width="78" height="30" rx="4" />
          <rect x="276" y="2" width="70" height="26" rx="4" />
          <rect x="88" y="60" width="52" height="40" rx="4" />
          <rect x="166" y="56" width="36" height="40" rx="4" />
          <rect x="210" y="54" width="38" height="42" rx="4" />
          <rect x="94" y="134" width="50" height="42" rx="4" />
          <rect x="168" y="130" width="70" height="44" rx="4" />
          <rect x="12" y="140" width="48" height="44" rx="4" />
        </g>
        <g fill="#d3e6c6">
          <rect x="274" y="46" width="74" height="44" rx="10" />
          <rect x="10" y="60" width="50" height="44" rx="10" />
          <rect x="268" y="126" width="80" height="36" rx="10" />
        </g>
        <g fill="#bcd8ab">
          <circle cx="296" cy="66" r="7" />
          <circle cx="318" cy="74" r="9" />
          <circle cx="30" cy="80" r="8" />
          <circle cx="300" cy="142" r="7" />
        </g>

        {/* Side streets */}
        <g fill="none" strokeLinecap="round">
          <g stroke="#e3d4c3" strokeWidth="10">
            <path d="M72-10C75 60 78 140 82 230" />
            <path d="M154-10L158 230" />
            <path d="M260-10C257 80 252 150 250 230" />
            <path d="M-10 48C100 45 240 42 370 38" />
          </g>
          <g stroke="#fff" strokeWidth="7">
            <path d="M72-10C75 60 78 140 82 230" />
            <path d="M154-10L158 230" />
            <path d="M260-10C257 80 252 150 250 230" />
            <path d="M-10 48C100 45 240 42 370 38" />
          </g>
        </g>

        {/* Main roads */}
        <g fill="none" strokeLinecap="round">
          <use href={`#${argwingsKodhek}`} stroke="#e2b66a" strokeWidth="17" />
          <use href={`#${argwingsKodhek}`} stroke="#ffe1a3" strokeWidth="13" />
          <use href={`#${ngong}`} stroke="#e2b66a" strokeWidth="17" />
          <use href={`#${ngong}`} stroke="#ffe1a3" strokeWidth="13" />
        </g>
        <g fill="#5d4a3a" fontSize="11.5" fontWeight="700" letterSpacing="0.3">
          <text dy="4">
            <textPath href={`#${argwingsKodhek}`} startOffset="9%">
              Argwings Kodhek Rd
            </textPath>
          </text>
          <text dy="4">
            <textPath href={`#${ngong}`} startOffset="60%">
              Ngong Rd
            </textPath>
          </text>
        </g>
        <text
          x="180"
          y="160"
          fill="#9b8573"
          fontSize="13"
          fontWeight="800"
          letterSpacing="3"
          textAnchor="middle"
          opacity="0.85"
        >
          KILIMANI
        </text>

        {/* North arrow */}
        <g transform="translate(336 190)" fill="#6f5a48">
          <circle r="12" fill="#fff" stroke="#e3d4c3" />
          <path d="M0-8l4 9h-8z" />
          <text y="9" fontSize="6.5" fontWeight="800" textAnchor="middle">
            {/* North */}
            {t('N')}
          </text>
        </g>

        {/* The office: a soft halo, the pin and its label */}
        <ellipse cx="200" cy="111" rx="16" ry="6" fill="rgb(178 60 19 / 0.22)" />
        <path
          d="M200 111c-1.6-1.3-16-13.6-16-25.5a16 16 0 0 1 32 0c0 11.9-14.4 24.2-16 25.5z"
          fill="#b23c13"
          stroke="#fff"
          strokeWidth="2"
        />
        <circle cx="200" cy="85.5" r="6" fill="#fff" />
        <g transform="translate(222 60)">
          <rect width="82" height="30" rx="15" fill="#fff" stroke="#eadfd4" />
          <circle cx="16" cy="15" r="5" fill="#f5b83d" />
          <text x="27" y="20" fill="#231b16" fontSize="14" fontWeight="800">
            Mtaani
          </text>
        </g>
      </svg>
      <figcaption className="office-map__caption">
        <span>{t('Map illustration, not to scale.')}</span>
        <a
          className="office-map__link"
          href={company.office.mapUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('Open in OpenStreetMap')}
          <ExternalLinkIcon size={16} />
          <span className="visually-hidden"> {t('(opens in a new tab)')}</span>
        </a>
      </figcaption>
    </figure>
  );
}
