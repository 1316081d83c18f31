import { pageSizes } from '@kram/contract/catalog-rules';
import { useT } from '../../lib/i18n';
import { SelectMenu } from './select-menu';

const options = pageSizes.map((n) => ({ value: n as number, label: String(n) }));

export function PageSizeMenu({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const t = useT();
  return (
    <SelectMenu label={t('catalog.pageSize')} value={value} options={options} onChange={onChange} testId="page-size" />
  );
}
