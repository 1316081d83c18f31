import { useT } from '../../lib/i18n';
import '../../widgets/listing/listing.css';

export function StockFilter({ checked, onChange }: { checked: boolean; onChange: (inStock: boolean) => void }) {
  const t = useT();
  return (
    <div className="filter">
      <label className="check">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {t('catalog.inStock')}
      </label>
    </div>
  );
}
