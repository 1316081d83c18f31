import { Icon } from '../../components/icon';
import { useT } from '../../lib/i18n';
import { shopInfo } from '../../lib/shop-info';
import './header.css';

export function SocialLinks() {
  const t = useT();
  return (
    <ul className="social-links">
      {(['facebook', 'instagram', 'telegram'] as const).map((network) => (
        <li key={network}>
          <a
            href={shopInfo.social[network]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(`header.social.${network}`)}
            className="icon-button"
          >
            <Icon name={network} size={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}
