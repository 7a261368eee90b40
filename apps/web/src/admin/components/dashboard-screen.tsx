import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDashboard } from '../api/get-dashboard';
import { canOpen, conversion, mainCurrency, revenueTotals, total, type NavItem } from '../rules';
import { formatMoney, formatNumber, formatPercent } from './format';
import { useStaff } from './staff-context';
import { EmptyState, ErrorState, LoadingState, ScreenHeader } from './states';
import { TrendChart } from './trend-chart';

const PERIODS = [7, 30, 90, 180] as const;

/** The dashboard: totals as cards, and per day signups, active members, messages, revenue and conversion. */
export function DashboardScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const [days, setDays] = useState<number>(30);
  const periodId = useId();
  const dashboard = useDashboard(days);

  const period = (
    <div className="admin-inline-field">
      <label className="form-label mb-0" htmlFor={periodId}>
        {t('dashboard.period')}
      </label>
      <select
        id={periodId}
        className="form-select form-select-sm"
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
      >
        {PERIODS.map((n) => (
          <option key={n} value={n}>
            {t('dashboard.days', { count: n })}
          </option>
        ))}
      </select>
    </div>
  );

  if (dashboard.isPending) {
    return (
      <>
        <ScreenHeader title={t('nav.dashboard')}>{period}</ScreenHeader>
        <LoadingState />
      </>
    );
  }
  if (dashboard.isError) {
    return (
      <>
        <ScreenHeader title={t('nav.dashboard')}>{period}</ScreenHeader>
        <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      </>
    );
  }

  const { totals, days: series } = dashboard.data;
  const labels = series.map((d) => d.day);
  const currency = mainCurrency(series);
  const cards: { key: keyof typeof totals; section: NavItem['key'] | null; to: string }[] = [
    { key: 'members', section: 'members', to: '/admin/members' },
    { key: 'premium_members', section: null, to: '' },
    { key: 'open_reports', section: 'queue', to: '/admin/queue?kind=report' },
    { key: 'open_complaints', section: 'queue', to: '/admin/queue?kind=complaint' },
    { key: 'held_content', section: 'held', to: '/admin/held' },
    { key: 'inbox_waiting', section: 'inbox', to: '/admin/inbox' },
  ];

  return (
    <>
      <ScreenHeader title={t('nav.dashboard')}>{period}</ScreenHeader>
      <ul className="admin-totals" aria-label={t('dashboard.totals')}>
        {cards.map(({ key, section, to }) => {
          const body = (
            <>
              <span className="admin-total__value">{formatNumber(totals[key])}</span>
              <span className="admin-total__label">{t(`dashboard.total.${key}`)}</span>
            </>
          );
          return (
            <li key={key} className="admin-card admin-total">
              {section && canOpen(staff.role, section) ? (
                <Link to={to} className="admin-total__link">
                  {body}
                </Link>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
      {series.length === 0 ? (
        <EmptyState>{t('dashboard.empty')}</EmptyState>
      ) : (
        <div className="admin-charts">
          <TrendChart
            title={t('dashboard.signups')}
            headline={formatNumber(total(series, 'signups'))}
            days={labels}
            values={series.map((d) => d.signups)}
            format={formatNumber}
            kind="bar"
          />
          <TrendChart
            title={t('dashboard.active')}
            headline={t('dashboard.average', {
              value: formatNumber(Math.round(total(series, 'active_members') / series.length)),
            })}
            days={labels}
            values={series.map((d) => d.active_members)}
            format={formatNumber}
          />
          <TrendChart
            title={t('dashboard.messages')}
            headline={formatNumber(total(series, 'messages'))}
            days={labels}
            values={series.map((d) => d.messages)}
            format={formatNumber}
            kind="bar"
          />
          <TrendChart
            title={t('dashboard.revenue', { currency })}
            headline={formatMoney(revenueTotals(series)[currency] ?? 0, currency)}
            days={labels}
            values={series.map((d) => d.revenue[currency] ?? 0)}
            format={(cents) => formatMoney(cents, currency)}
          />
          <TrendChart
            title={t('dashboard.conversion')}
            headline={formatPercent(conversion(series))}
            days={labels}
            values={series.map((d) => (d.signups ? d.first_purchases / d.signups : 0))}
            format={(rate) => formatPercent(rate)}
          />
        </div>
      )}
    </>
  );
}
