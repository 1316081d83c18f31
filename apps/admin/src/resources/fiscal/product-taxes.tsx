import {
  Box,
  Button,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { AddIcon } from '../../icons/add.tsx';
import { DeleteOutlinedIcon } from '../../icons/delete-outlined.tsx';
import { parseTaxCode, rowField, type TaxRow } from './fiscal-settings-form.ts';
import { type PickedProduct, ProductPicker } from './product-picker.tsx';

const t = (key: string) => `resources.fiscal_settings.${key}`;

/** Every row's problem, which moves with the rows when one is removed. */
const rowProblems = (errors: Record<string, string>) =>
  Object.keys(errors).filter((key) => key === 'product_taxes' || key.startsWith('product_taxes.'));

/**
 * The products taxed otherwise than the rest: each with its own tax code, changed or removed in place;
 * a product is added by its name, SKU or number, with its code.
 */
export function ProductTaxes({
  rows,
  errors,
  onChange,
}: {
  rows: TaxRow[];
  errors: Record<string, string>;
  /** The rows as they are now, and the problems they no longer have. */
  onChange: (rows: TaxRow[], clear: string[]) => void;
}) {
  const translate = useTranslate();
  const [product, setProduct] = useState<PickedProduct | null>(null);
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<{ product?: string; code?: string }>({});

  function add() {
    const found: { product?: string; code?: string } = {};
    if (!product) found.product = t('product_required');
    else if (rows.some((row) => row.product_id === product.id)) found.product = t('product_taken');
    if (parseTaxCode(code) === undefined) found.code = t('invalid_row_tax_code');
    if (found.product || found.code || !product) {
      setProblems(found);
      return;
    }
    onChange([...rows, { product_id: product.id, name: product.name, sku: product.sku, tax_code: code.trim() }], []);
    setProduct(null);
    setCode('');
    setProblems({});
  }

  // A problem the server found with the table as a whole (or a row's product) is told under it.
  const general = Object.entries(errors)
    .filter(([key]) => key === 'product_taxes' || /^product_taxes\.\d+\.product_id$/.test(key))
    .map(([, words]) => words);

  return (
    <Stack spacing={1.5} data-testid="fiscal-product-taxes">
      <Box>
        <Typography variant="subtitle1" component="h3">
          {translate(t('product_taxes'))}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(t('product_taxes_hint'))}
        </Typography>
      </Box>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(t('product_taxes_empty'))}
        </Typography>
      ) : (
        <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" sx={{ '& th, & td': { px: { xs: 0.5, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(t('product'))}</TableCell>
                <TableCell sx={{ width: 160 }}>{translate(t('tax_code'))}</TableCell>
                <TableCell sx={{ width: 56 }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={row.product_id} data-testid="fiscal-tax-row">
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {`${row.sku} · №${row.product_id}`}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      value={row.tax_code}
                      onChange={(event) =>
                        onChange(
                          rows.map((r, i) => (i === index ? { ...r, tax_code: event.target.value } : r)),
                          [rowField(index)],
                        )
                      }
                      error={Boolean(errors[rowField(index)])}
                      helperText={errors[rowField(index)]}
                      slotProps={{
                        htmlInput: {
                          inputMode: 'numeric',
                          maxLength: 2,
                          'aria-label': `${translate(t('tax_code'))}: ${row.name}`,
                          'data-testid': 'fiscal-tax-row-code',
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <IconButton
                      aria-label={`${translate(t('remove'))}: ${row.name}`}
                      onClick={() =>
                        onChange(
                          rows.filter((_, i) => i !== index),
                          rowProblems(errors),
                        )
                      }
                      data-testid="fiscal-tax-row-remove"
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {general.length > 0 ? (
        <Typography variant="body2" color="error" data-testid="fiscal-product-taxes-error">
          {general.join(' ')}
        </Typography>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <ProductPicker
            value={product}
            onChange={(picked) => {
              setProduct(picked);
              setProblems(({ product: _, ...left }) => left);
            }}
            error={problems.product ? translate(problems.product) : undefined}
          />
        </Box>
        <TextField
          size="small"
          label={translate(t('tax_code'))}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setProblems(({ code: _, ...left }) => left);
          }}
          error={Boolean(problems.code)}
          helperText={problems.code ? translate(problems.code) : ' '}
          sx={{ width: { sm: 160 }, flex: 'none' }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2, 'data-testid': 'fiscal-tax-code-new' } }}
        />
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={add}
          sx={{ mt: { sm: '4px' }, flex: 'none', alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          data-testid="fiscal-tax-add"
        >
          {translate(t('add'))}
        </Button>
      </Stack>
    </Stack>
  );
}
