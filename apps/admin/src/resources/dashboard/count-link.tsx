import { Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase } from 'react-admin';

/** A list's address with a filter applied, as react-admin reads it from the query. */
export const filteredList = (path: string, filter: Record<string, unknown>): string =>
  `${path}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

/**
 * One count of the dashboard, a link to what it counts: the number, what it is, and a detail under
 * them; `alarm` makes it red and filled (work overdue), `warn` red and outlined (work soon due).
 */
export function CountLink({
  to,
  count,
  label,
  detail,
  alarm,
  warn,
  testId,
}: {
  to: string;
  count: number;
  label: ReactNode;
  detail?: ReactNode;
  alarm?: boolean;
  warn?: boolean;
  testId: string;
}) {
  return (
    <Button
      component={LinkBase}
      to={to}
      variant={alarm ? 'contained' : 'outlined'}
      color={alarm || warn ? 'error' : 'primary'}
      sx={{ flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left', py: 1 }}
      data-testid={testId}
    >
      <Typography variant="h5" component="span" sx={{ fontWeight: 600 }}>
        {count}
      </Typography>
      <Typography variant="body2" component="span" sx={{ textTransform: 'none', lineHeight: 1.3 }}>
        {label}
      </Typography>
      {detail ? (
        <Typography variant="body2" component="span" sx={{ textTransform: 'none', fontWeight: 600 }}>
          {detail}
        </Typography>
      ) : null}
    </Button>
  );
}
