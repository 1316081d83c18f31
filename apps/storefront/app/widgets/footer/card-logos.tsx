import { useT } from '../../lib/i18n';
import './footer.css';

/** Visa and Mastercard marks, drawn in place (no request, no layout shift). */
export function CardLogos() {
  const t = useT();
  return (
    <ul className="card-logos" aria-label={t('footer.cards')}>
      <li>
        <svg width="52" height="32" viewBox="0 0 52 32" role="img" aria-label="Visa">
          <rect width="52" height="32" rx="4" fill="#fff" />
          <text
            x="26"
            y="21"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontWeight="700"
            fontStyle="italic"
            fontSize="14"
            fill="#1a1f71"
          >
            VISA
          </text>
        </svg>
      </li>
      <li>
        <svg width="52" height="32" viewBox="0 0 52 32" role="img" aria-label="Mastercard">
          <rect width="52" height="32" rx="4" fill="#fff" />
          <circle cx="21" cy="16" r="9" fill="#eb001b" />
          <circle cx="31" cy="16" r="9" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      </li>
    </ul>
  );
}
