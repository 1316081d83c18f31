import type { AuditEntry } from '@kram/contract/admin';
import {
  Box,
  FormControlLabel,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { auditFieldKey, auditRows, formatAuditValue } from './audit-diff.ts';

const cell = {
  fontFamily: 'monospace',
  fontSize: '0.8125rem',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

/** A field by its name in the back office, with the log's own key beside it (not on a telephone); the key alone when unnamed. */
function FieldName({ entity, field }: { entity: string; field: string }) {
  const translate = useTranslate();
  const key = auditFieldKey(entity, field);
  const name = key ? translate(key, { _: field }) : field;
  return (
    <>
      {name}
      {name !== field && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ fontFamily: 'monospace', ml: 1, display: { xs: 'none', sm: 'inline' } }}
        >
          {field}
        </Typography>
      )}
    </>
  );
}

/**
 * The record before and after the change, field by field, side by side; the fields that changed are
 * highlighted, and for a long record the rest can be hidden.
 */
export function AuditDiffPanel() {
  const entry = useRecordContext<AuditEntry>();
  const translate = useTranslate();
  const [changedOnly, setChangedOnly] = useState(false);
  if (!entry) return null;
  const rows = auditRows(entry.before, entry.after);
  const isUpdate = entry.before !== null && entry.after !== null;
  const shown = isUpdate && changedOnly ? rows.filter((r) => r.changed) : rows;
  return (
    <Box sx={{ py: 1, maxWidth: 1100 }}>
      {entry.before === null && <Typography variant="body2">{translate('resources.audit.created')}</Typography>}
      {entry.after === null && <Typography variant="body2">{translate('resources.audit.deleted')}</Typography>}
      {isUpdate && (
        <FormControlLabel
          control={<Switch size="small" checked={changedOnly} onChange={(e) => setChangedOnly(e.target.checked)} />}
          label={translate('resources.audit.changed_only')}
        />
      )}
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.audit.no_fields')}
        </Typography>
      ) : (
        <Table size="small" sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: { xs: '34%', md: '20%' } }}>{translate('resources.audit.field')}</TableCell>
              {entry.before !== null && <TableCell>{translate('resources.audit.before')}</TableCell>}
              {entry.after !== null && <TableCell>{translate('resources.audit.after')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow
                key={row.field}
                data-changed={row.changed || undefined}
                sx={row.changed ? { bgcolor: 'rgba(237, 108, 2, 0.12)' } : undefined}
              >
                <TableCell sx={{ fontWeight: row.changed ? 700 : 400, overflowWrap: 'break-word', hyphens: 'auto' }}>
                  <FieldName entity={entry.entity} field={row.field} />
                </TableCell>
                {entry.before !== null && (
                  <TableCell
                    sx={{ ...cell, ...(row.changed ? { color: 'error.dark', textDecoration: 'line-through' } : {}) }}
                  >
                    {formatAuditValue(row.before)}
                  </TableCell>
                )}
                {entry.after !== null && (
                  <TableCell sx={{ ...cell, ...(row.changed ? { color: 'success.dark', fontWeight: 700 } : {}) }}>
                    {formatAuditValue(row.after)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
