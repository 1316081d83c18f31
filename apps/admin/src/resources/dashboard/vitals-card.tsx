import { type AdminVitals, type VitalSummary, vitalsDefaultDays } from '@kram/contract/admin-vitals';
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
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { apiJson } from '../../api.ts';
import { ratingColour, vitalFigure } from './vitals-format.ts';

export const vitalsQueryKey = ['admin', 'vitals'] as const;
const t = (key: string) => `resources.dashboard.vitals.${key}`;

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
      <TableCell align="right">
        <Typography variant="body2" color="text.secondary">
          {translate(t('no_samples'))}
        </Typography>
      </TableCell>
    );
  }
  const figure = vitalFigure(metric, summary.p75);
  return (
    <TableCell align="right" data-metric={metric}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <RatingDot rating={summary.rating} />
        <Typography component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {metric === 'CLS' ? figure : translate(t('ms'), { value: figure })}
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

/** The dashboard's card of the storefront's Core Web Vitals: p75 per kind of page over the last 28 days. */
export function VitalsCard() {
  const translate = useTranslate();
  const { data, isPending, isError } = useQuery({
    queryKey: vitalsQueryKey,
    queryFn: ({ signal }) => apiJson<AdminVitals>('/api/admin/vitals/', { signal }),
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
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(t('page'))}</TableCell>
                    {vitalMetrics.map((metric) => (
                      <TableCell key={metric} align="right">
                        {metric}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.pages.map((page) => (
                    <TableRow key={page.page_type}>
                      <TableCell component="th" scope="row">
                        {translate(t(`pages.${page.page_type}`))}
                      </TableCell>
                      {vitalMetrics.map((metric) => (
                        <VitalCell key={metric} metric={metric} summary={page.metrics[metric]} />
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Legend />
          </>
        )}
      </CardContent>
    </Card>
  );
}
