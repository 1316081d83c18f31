import type { CarrierSyncRun } from '@kram/contract/admin-carrier';
import { carrierStatus } from '@kram/contract/endpoints/admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { HttpError, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import type { AdminDataProvider } from '../../data-provider.ts';
import { SyncIcon } from '../../icons/sync.tsx';
import { formatDateTime, outcomeOf, progressPercent, runError } from './carrier-format.ts';

const statusKey = ['admin', 'carrier'] as const;
const numbers = new Intl.NumberFormat('uk-UA');

function RunLine({ run }: { run: CarrierSyncRun }) {
  const translate = useTranslate();
  const problem = runError(run);
  return (
    <>
      <Typography variant="body2">
        {translate('resources.carrier.run', {
          started: formatDateTime(run.started_at),
          trigger: translate(`resources.carrier.triggers.${run.trigger}`),
          source: translate(`resources.carrier.run_source.${run.source}`),
        })}
      </Typography>
      {problem ? (
        <Typography variant="body2" color="error">
          {translate('resources.carrier.run_failed', {
            error: 'key' in problem ? translate(problem.key) : problem.text,
          })}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.carrier.run_result', {
            cities: numbers.format(run.cities ?? 0),
            warehouses: numbers.format(run.warehouses ?? 0),
          })}
        </Typography>
      )}
    </>
  );
}

/** The Nova Poshta directory: where it comes from, what it holds, its runs, and a sync on demand. */
export function CarrierScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const provider = useDataProvider<AdminDataProvider>();
  // The run started here: its end is announced.
  const [watching, setWatching] = useState<number>();
  const [starting, setStarting] = useState(false);
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.call(carrierStatus, { signal }),
    // Followed closely while a run is under way; otherwise a run started elsewhere shows within half a minute.
    refetchInterval: (query) => (query.state.data?.running ? 1000 : 30_000),
  });

  useEffect(() => {
    const outcome = outcomeOf(data, watching);
    if (!outcome) return;
    setWatching(undefined);
    const problem = runError(outcome.run);
    if (outcome.ok) {
      notify('resources.carrier.finished', {
        type: 'success',
        messageArgs: {
          cities: numbers.format(outcome.run.cities ?? 0),
          warehouses: numbers.format(outcome.run.warehouses ?? 0),
        },
      });
    } else {
      notify('resources.carrier.failed', {
        type: 'error',
        messageArgs: { error: problem && 'key' in problem ? translate(problem.key) : (problem?.text ?? '') },
      });
    }
  }, [data, watching, notify, translate]);

  const sync = async () => {
    setStarting(true);
    try {
      const run = await provider.action<CarrierSyncRun>('carrier', undefined, 'sync');
      setWatching(run.id);
      notify('resources.carrier.started', { type: 'info' });
    } catch (error) {
      const running = error instanceof HttpError && error.status === 409;
      notify(running ? 'resources.carrier.already_running' : (error as Error).message, {
        type: running ? 'warning' : 'error',
      });
    } finally {
      setStarting(false);
      await refetch();
    }
  };

  const running = data?.running ?? null;
  const percent = progressPercent(running);
  const row = (label: string, value: ReactNode) => (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: { sm: 260 }, color: 'text.secondary', verticalAlign: 'top' }}>
        {label}
      </TableCell>
      <TableCell>{value}</TableCell>
    </TableRow>
  );

  return (
    <Box sx={{ py: 2, maxWidth: 900 }}>
      <Title title="resources.carrier.title" />
      {isError && <Alert severity="error">{translate('resources.carrier.load_failed')}</Alert>}
      {isPending && <Skeleton variant="rounded" height={320} />}
      {data && (
        <Card>
          <CardContent>
            <Table size="small" sx={{ mb: 2, '& th, & td': { px: { xs: 0.5, sm: 2 } } }}>
              <TableBody>
                {row(translate('resources.carrier.source'), translate(`resources.carrier.sources.${data.source}`))}
                {row(translate('resources.carrier.cities'), numbers.format(data.cities))}
                {row(translate('resources.carrier.warehouses'), numbers.format(data.warehouses))}
                {row(
                  translate('resources.carrier.last_run'),
                  data.last_run ? <RunLine run={data.last_run} /> : translate('resources.carrier.never'),
                )}
                {row(
                  translate('resources.carrier.last_success'),
                  data.last_success_at ? formatDateTime(data.last_success_at) : translate('resources.carrier.never'),
                )}
                {row(
                  translate('resources.carrier.next_run'),
                  !data.daily
                    ? translate('resources.carrier.no_schedule')
                    : data.next_run_at
                      ? formatDateTime(data.next_run_at)
                      : translate('resources.carrier.after_current'),
                )}
              </TableBody>
            </Table>
            {running && (
              <Box sx={{ mb: 2 }} role="status">
                <Typography sx={{ fontWeight: 600 }}>{translate('resources.carrier.running')}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('resources.carrier.running_since', {
                    started: formatDateTime(running.started_at),
                    trigger: translate(`resources.carrier.triggers.${running.trigger}`),
                  })}
                  {running.progress &&
                    ` · ${translate('resources.carrier.progress', {
                      phase: translate(`resources.carrier.phases.${running.progress.phase}`),
                      done: numbers.format(running.progress.done),
                      total: numbers.format(running.progress.total),
                    })}`}
                </Typography>
                <LinearProgress
                  sx={{ mt: 1 }}
                  variant={percent === null ? 'indeterminate' : 'determinate'}
                  value={percent ?? undefined}
                />
              </Box>
            )}
            <Stack direction="row">
              <Button
                variant="contained"
                startIcon={<SyncIcon />}
                onClick={sync}
                disabled={starting || running !== null}
              >
                {translate('resources.carrier.sync')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
