import { type AdminVitals, type VitalSummary, vitalsDefaultDays } from '@kram/contract/admin-vitals';
import { vitals } from '@kram/contract/endpoints/admin';
import {
  type VitalMetric,
  type VitalRating,
  vitalMetrics,
  vitalRatings,
  vitalThresholds,
} from '@kram/contract/vitals-rules';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { ratingColour, vitalFigure } from './vitals-format.ts';

export const vitalsQueryKey = ['admin', 'vitals'] as const;
const t = (key: string) => `resources.dashboard.vitals.${key}`;

/** Narrower cells on a phone, so that the table fits its screen. */
const cellPadding = { px: { xs: 1, sm: 2 } } as const;

/** Read out, not shown: the colour's meaning for those who cannot see it. */
const screenReaderOnly = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

function RatingDot({ rating }: { rating: VitalRating }) {
  return (
    <Box
      component="span"
      data-rating={rating}
      aria-hidden
      sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: ratingColour[rating] }}
    />
  );
}

/** One metric of one kind of page: the p75 with its rating's colour (and name, for screen readers), and the samples. */
function VitalCell({ metric, summary }: { metric: VitalMetric; summary: VitalSummary }) {
  const translate = useTranslate();
  if (summary.p75 === null || summary.rating === null) {
    return (
      <TableCell align="right" sx={cellPadding}>
        <Typography variant="body2" color="text.secondary">
          {translate(t('no_samples'))}
        </Typography>
      </TableCell>
    );
  }
  const figure = vitalFigure(metric, summary.p75);
  return (
    <TableCell align="right" sx={cellPadding}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <RatingDot rating={summary.rating} />
        <Typography component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {figure}
        </Typography>
        <Box component="span" sx={screenReaderOnly}>
          {translate(t(`ratings.${summary.rating}`))}
        </Box>
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {translate(t('samples'), { smart_count: summary.samples })}
      </Typography>
    </TableCell>
  );
}

function Legend() {
  const translate = useTranslate();
  const pair = (metric: VitalMetric) =>
    vitalThresholds[metric]
      .map((value) => (metric === 'CLS' ? String(value).replace('.', ',') : vitalFigure(metric, value)))
      .join(' / ');
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        {vitalRatings.map((rating) => (
          <Stack key={rating} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <RatingDot rating={rating} />
            <Typography variant="body2">{translate(t(`ratings.${rating}`))}</Typography>
          </Stack>
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate(t('legend'), { lcp: pair('LCP'), inp: pair('INP'), cls: pair('CLS') })}
      </Typography>
    </Stack>
  );
}

/**
 * Kinds of page down, metrics across. On a phone each kind of page heads its own group of rows,
 * so that the three metrics have the screen's width to themselves.
 */
function VitalsTable({ pages }: { pages: AdminVitals['pages'] }) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const cells = (page: AdminVitals['pages'][number]) =>
    vitalMetrics.map((metric) => <VitalCell key={metric} metric={metric} summary={page.metrics[metric]} />);
  const name = (page: AdminVitals['pages'][number]) => translate(t(`pages.${page.page_type}`));
  return (
    // Scrolls by itself should the table still not fit, rather than widen the whole page.
    <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {!narrow && <TableCell sx={cellPadding}>{translate(t('page'))}</TableCell>}
            {vitalMetrics.map((metric) => (
              <TableCell key={metric} align="right" sx={cellPadding}>
                {metric === 'CLS' ? metric : translate(t('in_ms'), { metric })}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {narrow ? (
          pages.map((page) => (
            <TableBody key={page.page_type}>
              <TableRow>
                <TableCell
                  component="th"
                  scope="rowgroup"
                  colSpan={vitalMetrics.length}
                  sx={{ ...cellPadding, borderBottom: 'none', pb: 0, fontWeight: 500 }}
                >
                  {name(page)}
                </TableCell>
              </TableRow>
              <TableRow>{cells(page)}</TableRow>
            </TableBody>
          ))
        ) : (
          <TableBody>
            {pages.map((page) => (
              <TableRow key={page.page_type}>
                <TableCell component="th" scope="row" sx={cellPadding}>
                  {name(page)}
                </TableCell>
                {cells(page)}
              </TableRow>
            ))}
          </TableBody>
        )}
      </Table>
    </Box>
  );
}

/** The dashboard's card of the storefront's Core Web Vitals: p75 per kind of page over the last 28 days. */
export function VitalsCard() {
  const translate = useTranslate();
  const { data, isPending, isError } = useQuery({
    queryKey: vitalsQueryKey,
    queryFn: ({ signal }) => api.call(vitals, { signal }),
  });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(t('title'))}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(t('hint'), { days: vitalsDefaultDays })}
        </Typography>
        {isError && <Alert severity="error">{translate(t('failed'))}</Alert>}
        {isPending && <Skeleton variant="rounded" height={160} aria-label={translate(t('loading'))} />}
        {data && data.pages.length === 0 && <Typography color="text.secondary">{translate(t('empty'))}</Typography>}
        {data && data.pages.length > 0 && (
          <>
            <VitalsTable pages={data.pages} />
            <Legend />
          </>
        )}
      </CardContent>
    </Card>
  );
}
