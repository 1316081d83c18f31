import type { ProductStock } from '@kram/contract/admin-stock';
import {
  alpha,
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  type Theme,
  Typography,
} from '@mui/material';
import type { KeyboardEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { axesOf, type Drafts, type GridAxis, type StockMode, variantAt, variantKey } from './stock-format.ts';

const t = (key: string) => `resources.stock.${key}`;

/** The sizes stay in view while the colours scroll sideways on a narrow screen. */
const stickySize = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

const lowTint = { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.16) } as const;

/** The grid sits inside the product's form: Enter in a cell must not save the product. */
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

function useCellLabel() {
  const translate = useTranslate();
  return (row: GridAxis, column: GridAxis) => {
    if (row.name !== null && column.name !== null) {
      return translate(t('cell_label'), { size: row.name, color: column.name });
    }
    if (row.name !== null) return translate(t('cell_label_size'), { size: row.name });
    if (column.name !== null) return translate(t('cell_label_color'), { color: column.name });
    return translate(t('cell_label_one'));
  };
}

/**
 * Sizes down, colours across; each cell a number to type, with what orders have reserved and how
 * many shoppers wait for it. A cell below the product's threshold is tinted.
 */
export function StockGrid({
  stock,
  mode,
  drafts,
  problems,
  disabled,
  onChange,
}: {
  stock: ProductStock;
  mode: StockMode;
  drafts: Drafts;
  /** Each cell's problem, in words. */
  problems: Record<string, string>;
  disabled?: boolean;
  onChange: (key: string, value: string) => void;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const cellLabel = useCellLabel();
  const { rows, columns } = axesOf(stock, language);
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }} data-testid="stock-grid">
      <Table size="small" sx={{ width: 'auto', '& th, & td': { px: 1, verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...stickySize, minWidth: 72 }}>
              {stock.sizes.length > 0 ? translate(t('size')) : ''}
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.id ?? 'one'} sx={{ minWidth: 136 }}>
                {column.name ?? translate(t('no_color'))}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id ?? 'one'}>
              <TableCell component="th" scope="row" sx={{ ...stickySize, fontWeight: 600, pt: 2 }}>
                {row.name ?? translate(t('no_size'))}
              </TableCell>
              {columns.map((column) => {
                const key = variantKey(row.id, column.id);
                const variant = variantAt(stock, row.id, column.id);
                const problem = problems[key];
                return (
                  <TableCell
                    key={key}
                    data-testid={`stock-cell-${key}`}
                    data-low={variant.low || undefined}
                    sx={variant.low ? lowTint : undefined}
                  >
                    <TextField
                      size="small"
                      value={drafts[key] ?? ''}
                      onChange={(event) => onChange(key, event.target.value)}
                      onKeyDown={keepEnter}
                      disabled={disabled}
                      error={Boolean(problem)}
                      helperText={problem}
                      placeholder={mode === 'set' ? translate(t('not_counted')) : '+0'}
                      sx={{ width: 128, bgcolor: 'background.paper' }}
                      slotProps={{
                        htmlInput: {
                          'aria-label': cellLabel(row, column),
                          inputMode: 'numeric',
                          'data-testid': `stock-input-${key}`,
                        },
                      }}
                    />
                    <Box sx={{ mt: 0.5, lineHeight: 1.2 }}>
                      {mode === 'add' ? (
                        <Typography variant="caption" component="div">
                          {variant.available === null
                            ? translate(t('not_counted'))
                            : translate(t('now'), { count: variant.available })}
                        </Typography>
                      ) : null}
                      {variant.low ? (
                        <Typography variant="caption" component="div" sx={{ fontWeight: 600 }}>
                          {translate(t('low'))}
                        </Typography>
                      ) : null}
                      <Typography
                        variant="caption"
                        component="div"
                        color={variant.reserved > 0 ? 'text.primary' : 'text.secondary'}
                      >
                        {translate(t('reserved'), { count: variant.reserved })}
                      </Typography>
                      <Typography
                        variant="caption"
                        component="div"
                        color={variant.waiting > 0 ? 'text.primary' : 'text.secondary'}
                      >
                        {translate(t('waiting'), { count: variant.waiting })}
                      </Typography>
                    </Box>
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
