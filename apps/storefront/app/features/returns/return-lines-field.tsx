import { formatHryvnias } from '@kram/contract/money';
import type { OrderReturns } from '@kram/contract/returns';
import { useLanguage, useT } from '../../lib/i18n';
import type { Problem, ReturnFormErrors } from './return-errors';
import { quantityProblem, type ReturnDraft } from './return-form-state';
import { lineDetails } from './return-line-text';

interface Props {
  lines: OrderReturns['lines'];
  chosen: ReturnDraft['chosen'];
  onChange: (chosen: ReturnDraft['chosen']) => void;
  errors: Pick<ReturnFormErrors, 'lines' | 'quantities'>;
}

/**
 * The order's lines, each with a checkbox and, once chosen, its quantity (1 to what is left to
 * return, all of it at first). A quantity out of bounds is said as it is typed; a line with nothing
 * left to return cannot be chosen.
 */
export function ReturnLinesField({ lines, chosen, onChange, errors }: Props) {
  const t = useT();
  const lng = useLanguage();
  const show = (problem: Problem) => t(problem.key, problem.values);
  const firstOpen = lines.find((line) => line.returnable > 0)?.position;

  const toggle = (position: number, returnable: number, on: boolean) => {
    const next = { ...chosen };
    if (on) next[position] = String(returnable);
    else delete next[position];
    onChange(next);
  };

  return (
    <fieldset className="return-form__group" aria-describedby={errors.lines ? 'return-lines-error' : undefined}>
      <legend className="return-form__legend">{t('returns.form.lines')}</legend>
      <ul className="return-lines">
        {lines.map((line) => {
          const { name, details } = lineDetails(t, lng, line);
          const text = chosen[line.position];
          const isChosen = text !== undefined;
          const none = line.returnable === 0;
          const problem =
            errors.quantities?.[line.position] ?? (text ? quantityProblem(text, line.returnable) : undefined);
          const id = `return-line-${line.position}`;
          return (
            <li
              key={line.position}
              className={`return-line${isChosen ? ' is-chosen' : ''}${none ? ' is-dimmed' : ''}`}
              data-testid="return-form-line"
            >
              <label className="return-line__choice" htmlFor={id}>
                <input
                  id={id}
                  type="checkbox"
                  checked={isChosen}
                  disabled={none}
                  aria-invalid={errors.lines ? true : undefined}
                  data-invalid={errors.lines && line.position === firstOpen ? '' : undefined}
                  onChange={(event) => toggle(line.position, line.returnable, event.target.checked)}
                />
                <span className="return-line__text">
                  <span className="return-line__name">{name}</span>
                  {details && <span className="return-line__details">{details}</span>}
                  <span className="return-line__details">
                    {t('returns.form.unitRefund', { price: formatHryvnias(line.unit_refund, 'грн') })} ·{' '}
                    {t('returns.form.ordered', { count: line.quantity })}
                  </span>
                  {none && <span className="return-line__note">{t('returns.form.alreadyAsked')}</span>}
                </span>
              </label>
              {isChosen && (
                <div className="return-line__quantity">
                  <label htmlFor={`${id}-quantity`} className="return-line__quantity-label">
                    {t('returns.form.quantity')}
                  </label>
                  <input
                    id={`${id}-quantity`}
                    className="return-line__quantity-input"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={line.returnable}
                    step={1}
                    value={text}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={`${id}-of${problem ? ` ${id}-error` : ''}`}
                    data-invalid={problem ? '' : undefined}
                    onChange={(event) => onChange({ ...chosen, [line.position]: event.target.value })}
                  />
                  <span id={`${id}-of`} className="return-line__of">
                    {t('returns.form.of', { max: line.returnable })}
                  </span>
                  {problem && (
                    <p id={`${id}-error`} className="field-error return-line__error" data-testid={`${id}-error`}>
                      {show(problem)}
                    </p>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {errors.lines && (
        <p id="return-lines-error" className="field-error" data-testid="return-lines-error">
          {show(errors.lines)}
        </p>
      )}
    </fieldset>
  );
}
