import { Alert, Box, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';

/**
 * A settings screen of the back office: its title, the saved settings read once (a placeholder while
 * they load, an error when they cannot be), then `children` given them. The form is made again from
 * each saved answer (keyed by it), so what it shows is what the shop has.
 */
export function SettingsScreen<T>({
  area,
  queryKey,
  read,
  loadingHeight,
  children,
}: {
  /** The screen's translations: `resources.<area>.title` and `.load_failed`. */
  area: string;
  queryKey: readonly unknown[];
  read: (signal: AbortSignal) => Promise<T>;
  loadingHeight: number;
  children: (saved: T) => ReactNode;
}) {
  const translate = useTranslate();
  const { data, isPending, isError } = useQuery({ queryKey, queryFn: ({ signal }) => read(signal) });
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title={`resources.${area}.title`} />
      {isError ? <Alert severity="error">{translate(`resources.${area}.load_failed`)}</Alert> : null}
      {isPending ? <Skeleton variant="rounded" height={loadingHeight} /> : null}
      {data ? <Box key={JSON.stringify(data)}>{children(data)}</Box> : null}
    </Box>
  );
}
