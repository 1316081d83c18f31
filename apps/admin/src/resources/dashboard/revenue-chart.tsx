import type { DashboardDay } from '@kram/contract/admin-dashboard';
import { Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { formatHryvnias } from '../orders/order-format.ts';
import { axisLabel, dayLabel, niceScale } from './dashboard-format.ts';

/** The drawing's own units: a phone gets a narrower one, so that its text stays readable when scaled down. */
const sizes = {
  wide: { width: 960, height: 300, left: 64, labelEvery: 5 },
  narrow: { width: 400, height: 240, left: 48, labelEvery: 7 },
} as const;

/**
 * Revenue by day as bars, drawn as SVG: a month of figures needs no chart library (each would add
 * 50–150 KB to the back office). Each bar names its day, amount and orders when pointed at.
 */
export function RevenueChart({ days }: { days: DashboardDay[] }) {
  const theme = useTheme();
  const translate = useTranslate();
  const size = useMediaQuery(theme.breakpoints.down('sm')) ? sizes.narrow : sizes.wide;
  const { width, height } = size;
  const margin = { top: 12, right: 8, bottom: 28, left: size.left };
  const amounts = days.map((d) => Number(d.amount));
  const { top, step } = niceScale(Math.max(0, ...amounts));
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  const lines = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const first = days[0];
  const last = days[days.length - 1];
  const label =
    first && last
      ? translate('resources.dashboard.chart_label', {
          from: dayLabel(first.date, true),
          to: dayLabel(last.date, true),
        })
      : '';

  return (
    <Box sx={{ width: '100%' }}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
        style={{
          display: 'block',
          width: '100%',
          height: 'auto',
          fontFamily: theme.typography.fontFamily,
        }}
      >
        {lines.map((value) => (
          <g key={value}>
            <line
              x1={margin.left}
              x2={width - margin.right}
              y1={y(value)}
              y2={y(value)}
              stroke={theme.palette.divider}
              strokeDasharray={value === 0 ? undefined : '3 3'}
            />
            <text
              x={margin.left - 8}
              y={y(value) + 4}
              textAnchor="end"
              fontSize={11}
              fill={theme.palette.text.secondary}
            >
              {axisLabel(value)}
            </text>
          </g>
        ))}
        {days.map((day, i) => {
          const amount = Number(day.amount);
          const barHeight = (amount / top) * plotHeight;
          const x = margin.left + i * slot;
          const orders = translate('resources.dashboard.orders_count', { smart_count: day.orders });
          return (
            <g key={day.date}>
              <title>
                {translate('resources.dashboard.day', {
                  date: dayLabel(day.date, true),
                  amount: formatHryvnias(day.amount),
                  orders,
                })}
              </title>
              {/* The whole column answers the pointer, so a day with no sales has its label too. */}
              <rect x={x} y={margin.top} width={slot} height={plotHeight} fill="transparent" />
              <rect
                x={x + slot * 0.15}
                y={y(amount)}
                width={slot * 0.7}
                height={Math.max(barHeight, amount > 0 ? 1 : 0)}
                rx={2}
                fill={theme.palette.primary.main}
                // Today is still filling up: drawn lighter than the days that are over.
                fillOpacity={i === days.length - 1 ? 0.55 : 1}
              />
              {/* Counted back from today, so today is always named. */}
              {(days.length - 1 - i) % size.labelEvery === 0 && (
                <text
                  x={x + slot / 2}
                  y={height - margin.bottom + 16}
                  textAnchor="middle"
                  fontSize={11}
                  fill={theme.palette.text.secondary}
                >
                  {dayLabel(day.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
