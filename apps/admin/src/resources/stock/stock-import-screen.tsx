import type { StockImportResult } from '@kram/contract/admin-stock';
import { stockImport } from '@kram/contract/endpoints/admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type ChangeEvent, useRef, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { errorMessage } from '../../error-messages.ts';
import { DownloadIcon } from '../../icons/download.tsx';
import { csvTemplate, decodeCsv } from './stock-format.ts';
import { inWords, useRowError } from './stock-words.ts';

const t = (key: string) => `resources.stock_import.${key}`;

/** The template as a link's address: a byte-order mark, so that Excel reads its Cyrillic as UTF-8. */
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`\ufeff${csvTemplate}`)}`;

const errorTint = { bgcolor: 'rgba(211, 47, 47, 0.08)' } as const;

function ResultTable({ result }: { result: StockImportResult }) {
  const translate = useTranslate();
  const rowError = useRowError();
  const counted = (value: number | null) => (value === null ? translate(t('not_counted')) : String(value));
  return (
    // The layout grows to fit its widest content: the table scrolls within the screen instead.
    <TableContainer sx={{ maxWidth: { xs: 'calc(100vw - 48px)', sm: 'calc(100vw - 300px)' }, overflowX: 'auto' }}>
      <Table size="small" data-testid="stock-import-rows" sx={{ '& th, & td': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell align="right">{translate(t('line'))}</TableCell>
            <TableCell>{translate(t('sku'))}</TableCell>
            <TableCell>{translate(t('size'))}</TableCell>
            <TableCell>{translate(t('color'))}</TableCell>
            <TableCell>{translate(t(result.dry_run ? 'change' : 'changed_to'))}</TableCell>
            {result.errors > 0 ? <TableCell>{translate(t('error'))}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.rows.map((row) => (
            <TableRow key={row.line} sx={row.error ? errorTint : undefined} data-error={row.error ? true : undefined}>
              <TableCell align="right">{row.line}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.sku}</TableCell>
              <TableCell>{row.size ?? '—'}</TableCell>
              <TableCell>{row.color ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.error ? '' : `${counted(row.before)} → ${counted(row.after)}`}
              </TableCell>
              {result.errors > 0 ? (
                <TableCell sx={{ color: 'error.main', minWidth: 200 }}>
                  {row.error ? rowError(row.error) : ''}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Stock counts from a CSV file: checked first (a dry run lists what would change and the rows in
 * error), applied only once a check of the same file found no error.
 */
export function StockImportScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [result, setResult] = useState<StockImportResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // The same file chosen again (after editing it) is read again.
    event.target.value = '';
    if (!chosen) return;
    setResult(null);
    setRefusal(null);
    try {
      setFile({ name: chosen.name, csv: decodeCsv(await chosen.arrayBuffer()) });
    } catch {
      setFile(null);
      setRefusal(translate(t('read_failed')));
    }
  }

  async function send(dryRun: boolean) {
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await api.call(stockImport, { body: { csv: file.csv, dry_run: dryRun } });
      setResult(answer);
      if (!dryRun) notify(t('applied'), { type: 'info', messageArgs: answer });
    } catch (error) {
      setResult(null);
      setRefusal(inWords(errorMessage(error, 'stock_admin'), translate));
    } finally {
      setBusy(false);
    }
  }

  const checked = result?.dry_run === true;
  const canApply = checked && result.errors === 0 && result.changed > 0 && !busy;
  const listed = result ? result.changed + result.errors : 0;

  return (
    <Box sx={{ py: 2, maxWidth: 1100 }}>
      <Title title={t('title')} />
      <Card>
        <CardContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate(t('hint'))}
          </Typography>
          <Link href={templateHref} download="stock-template.csv" data-testid="stock-import-template">
            <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <DownloadIcon fontSize="small" />
              <span>{translate(t('template'))}</span>
            </Stack>
          </Link>
          <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={choose}
              hidden
              data-testid="stock-import-file"
            />
            <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
              {translate(t('choose'))}
            </Button>
            <Typography variant="body2" color="text.secondary" data-testid="stock-import-file-name">
              {file ? translate(t('file'), { name: file.name }) : translate(t('no_file'))}
            </Typography>
          </Stack>
          <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant={checked ? 'outlined' : 'contained'}
              onClick={() => send(true)}
              disabled={!file || busy}
              data-testid="stock-import-check"
            >
              {translate(t('check'))}
            </Button>
            <Button
              variant="contained"
              onClick={() => send(false)}
              disabled={!canApply}
              data-testid="stock-import-apply"
            >
              {translate(t('apply'))}
            </Button>
          </Stack>
          {refusal ? (
            <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="stock-import-refusal">
              {refusal}
            </Alert>
          ) : null}
          {result ? (
            <Box sx={{ mt: 2 }}>
              <Alert
                severity={result.errors > 0 ? 'error' : result.dry_run ? 'info' : 'success'}
                data-testid="stock-import-summary"
              >
                {translate(t(result.dry_run ? 'checked' : 'applied'), result)}
                {result.dry_run && result.errors > 0 ? ` ${translate(t('fix_errors'))}` : ''}
                {result.dry_run && result.errors === 0 && result.changed === 0
                  ? ` ${translate(t('nothing_to_apply'))}`
                  : ''}
              </Alert>
              {result.rows.length > 0 ? (
                <Box sx={{ mt: 2 }}>
                  <ResultTable result={result} />
                </Box>
              ) : null}
              {listed > result.rows.length ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {translate(t('shown_first'), { shown: result.rows.length })}
                </Typography>
              ) : null}
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
