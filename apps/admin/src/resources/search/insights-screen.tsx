import type { AdminSearchInsights } from '@kram/contract/admin-search';
import { searchInsights } from '@kram/contract/endpoints/admin';
import {
  Alert,
  Box,
  Card,
  CardContent,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Link, Title, useCreatePath, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { AddIcon } from '../../icons/add.tsx';
import { OpenInNewIcon } from '../../icons/open-in-new.tsx';
import { daysAgo, newSynonymSearch, storefrontSearchUrl } from './search-format.ts';

const numbers = new Intl.NumberFormat('uk-UA');
const t = (key: string) => `resources.search/insights.${key}`;

/** Today in Kyiv, as the server counts days. */
const kyivToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date());

function ZeroResultActions({ query }: { query: string }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const create = `${createPath({ resource: 'search/synonyms', type: 'create' })}${newSynonymSearch(query)}`;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      <Tooltip title={translate(t('open'))}>
        <IconButton
          component="a"
          href={storefrontSearchUrl(query)}
          target="_blank"
          rel="noopener noreferrer"
          size="small"
          aria-label={translate(t('open'))}
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Button component={Link} to={create} label={t('add_synonym')}>
        <AddIcon />
      </Button>
    </Stack>
  );
}

function QueryTable({ title, empty, children }: { title: string; empty: string | null; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Card sx={{ flex: 1, minWidth: 320 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate(title)}
        </Typography>
        {empty ? (
          <Typography color="text.secondary">{translate(empty)}</Typography>
        ) : (
          <Table size="small">{children}</Table>
        )}
      </CardContent>
    </Card>
  );
}

function Report({ data }: { data: AdminSearchInsights }) {
  const translate = useTranslate();
  const searches = data.days.reduce((sum, day) => sum + day.searches, 0);
  const zero = data.days.reduce((sum, day) => sum + day.zero_results, 0);
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        {translate(t('totals'), { searches: numbers.format(searches), zero: numbers.format(zero) })}
      </Typography>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <QueryTable title={t('top')} empty={data.top.length === 0 ? t('none') : null}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(t('query'))}</TableCell>
              <TableCell align="right">{translate(t('searches'))}</TableCell>
              <TableCell align="right">{translate(t('zero'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.top.map((row) => (
              <TableRow key={row.query}>
                <TableCell sx={{ wordBreak: 'break-word' }}>{row.query}</TableCell>
                <TableCell align="right">{numbers.format(row.searches)}</TableCell>
                <TableCell align="right">{numbers.format(row.zero_results)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </QueryTable>
        <QueryTable
          title={t('zero_results')}
          empty={data.zero_results.length === 0 ? (data.top.length === 0 ? t('none') : t('none_zero')) : null}
        >
          <TableHead>
            <TableRow>
              <TableCell>{translate(t('query'))}</TableCell>
              <TableCell align="right">{translate(t('zero'))}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.zero_results.map((row) => (
              <TableRow key={row.query}>
                <TableCell sx={{ wordBreak: 'break-word' }}>{row.query}</TableCell>
                <TableCell align="right">{numbers.format(row.searches)}</TableCell>
                <TableCell>
                  <ZeroResultActions query={row.query} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </QueryTable>
      </Stack>
    </>
  );
}

/** What shoppers searched for in a range of days: the most frequent queries and those that found nothing. */
export function InsightsScreen() {
  const translate = useTranslate();
  const [to, setTo] = useState(kyivToday);
  const [from, setFrom] = useState(() => daysAgo(kyivToday(), 29));
  const valid = from !== '' && to !== '' && from <= to;
  const { data, isPending, isError } = useQuery({
    queryKey: ['admin', 'search-insights', from, to],
    queryFn: ({ signal }) => api.call(searchInsights, { query: { from, to }, signal }),
    enabled: valid,
  });
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('title')} />
      <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
        <TextField
          type="date"
          label={translate(t('from'))}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to } }}
          size="small"
        />
        <TextField
          type="date"
          label={translate(t('to'))}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }}
          size="small"
        />
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 2 }}>
        {translate(t('note'))}
      </Typography>
      {isError ? (
        <Alert severity="error">{translate(t('load_failed'))}</Alert>
      ) : isPending || !data ? (
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
          <Skeleton variant="rounded" height={320} sx={{ flex: 1 }} />
          <Skeleton variant="rounded" height={320} sx={{ flex: 1 }} />
        </Stack>
      ) : (
        <Report data={data} />
      )}
    </Box>
  );
}
