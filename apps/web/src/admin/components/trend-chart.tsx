import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chartPoints } from '../rules';

const WIDTH = 300;
const HEIGHT = 80;
const PAD = 4;

interface TrendChartProps {
  title: string;
  /** The period's figure as the card shows it (a total, or a rate). */
  headline: string;
  days: readonly string[];
  values: readonly number[];
  /** Formats one value for the summary and the table. */
  format: (value: number) => string;
  kind?: 'line' | 'bar';
}

/**
 * A small chart per day, drawn as SVG. Screen readers get a summary as the image's name
 * (period, total or rate, highest and lowest day) and the figures as a visually hidden table.
 */
export function TrendChart({ title, headline, days, values, format, kind = 'line' }: TrendChartProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const points = chartPoints(values, WIDTH - PAD * 2, HEIGHT - PAD * 2).map((p) => ({ x: p.x + PAD, y: p.y + PAD }));
  const max = values.length ? Math.max(...values) : 0;
  const min = values.length ? Math.min(...values) : 0;
  const summary = values.length
    ? t('dashboard.chartSummary', {
        title,
        headline,
        from: days[0],
        to: days[days.length - 1],
        max: format(max),
        maxDay: days[values.indexOf(max)],
        min: format(min),
        minDay: days[values.indexOf(min)],
      })
    : t('dashboard.chartEmpty', { title });
  const barWidth = values.length ? Math.max(1, (WIDTH - PAD * 2) / values.length - 1) : 0;

  return (
    <figure className="admin-card admin-chart" aria-labelledby={`${id}-title`}>
      <figcaption className="admin-chart__caption">
        <span id={`${id}-title`} className="admin-chart__title">
          {title}
        </span>
        <span className="admin-chart__headline">{headline}</span>
      </figcaption>
      <svg
        className={`admin-chart__svg admin-chart__svg--${kind}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
      >
        <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className="admin-chart__axis" />
        {kind === 'bar'
          ? points.map((p, i) => (
              <rect
                key={days[i]}
                x={PAD + i * ((WIDTH - PAD * 2) / values.length)}
                y={p.y}
                width={barWidth}
                height={Math.max(0, HEIGHT - PAD - p.y)}
                className="admin-chart__bar"
              />
            ))
          : points.length > 0 && (
              <polyline
                points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
                className="admin-chart__line"
                fill="none"
                vectorEffect="non-scaling-stroke"
              />
            )}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.day')}</th>
            <th scope="col">{t('dashboard.value')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{day}</th>
              <td>{format(values[i] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
