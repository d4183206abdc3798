import { makeStyles } from '@fluentui/react-components';
import {
  DataVizPalette,
  DonutChart,
  getColorFromToken,
  HorizontalBarChartWithAxis,
  LineChart,
  ResponsiveContainer,
  VerticalStackedBarChart,
  type HorizontalBarChartWithAxisDataPoint,
  type LineChartPoints,
  type VerticalStackedChartProps,
} from '@fluentui/react-charts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Stats } from '@contracts/admin/stats';
import { convertTypeLabel } from '../../../../lib/convert-type-text';
import { colorSchemeAtom } from '../../../../lib/theme-preference';
import type { DashboardFormat } from '../format';
import { ChartCard } from './chart-card';

/*
 * The only module that imports @fluentui/react-charts: it belongs to the dashboard's lazy route
 * chunk, so no other page downloads the chart library (docs/admin-dashboard.md).
 */

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
    gap: '12px',
  },
});

const CHART_HEIGHT = 300;
const utcDate = (day: string) => new Date(`${day}T00:00:00Z`);
/** Counts have no fractions: a tick between two whole numbers keeps its grid line, not a label. */
const wholeTicks = (n: number) => (Number.isInteger(n) ? String(n) : '');

/** The dashboard's four charts over a range: conversions per day, engine share, conversions per type, sign-ups and orders per day. */
export function DashboardCharts({ stats, fmt }: { stats: Stats; fmt: DashboardFormat }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const label = (key: string) => t(`adminDashboard.charts.${key}`);
  const typeLabel = (convertType: string) => convertTypeLabel(t, i18n, convertType) ?? convertType;
  const culture = i18n.language === 'zh' ? 'zh-CN' : 'en-US';
  // The palette's tokens as this theme's colours: the donut and the stacked bars (and every legend) take colours, not tokens.
  const dark = useAtomValue(colorSchemeAtom) === 'dark';
  const palette = (token: string) => getColorFromToken(token, dark);
  // Ticks on the date axes are UTC days, as the range is.
  const dayTick = (date: Date) => fmt.day(date.toISOString().slice(0, 10));

  const perDay: VerticalStackedChartProps[] = stats.days.map((d) => ({
    xAxisPoint: utcDate(d.day),
    xAxisCalloutData: fmt.day(d.day),
    chartData: [
      { legend: label('succeeded'), data: d.succeeded, color: palette(DataVizPalette.success) },
      { legend: label('failed'), data: d.failed, color: palette(DataVizPalette.error) },
      { legend: label('running'), data: d.conversions - d.succeeded - d.failed, color: palette(DataVizPalette.disabled) },
    ],
  }));

  const engineTotal = stats.engines.browser + stats.engines.server;
  const share = (n: number) => (engineTotal === 0 ? '—' : fmt.percent(n / engineTotal));

  const perType: HorizontalBarChartWithAxisDataPoint[] = stats.types.map((ty) => ({
    x: ty.conversions,
    y: typeLabel(ty.convertType),
    legend: typeLabel(ty.convertType),
    color: palette(DataVizPalette.color1),
  }));

  const series: [keyof Stats['days'][number], string, string][] = [
    ['newUsers', label('newUsers'), palette(DataVizPalette.color1)],
    ['ordersCreated', label('ordersCreated'), palette(DataVizPalette.color2)],
    ['ordersPaid', label('ordersPaid'), palette(DataVizPalette.color3)],
  ];
  const lines: LineChartPoints[] = series.map(([key, legend, color]) => ({
    legend,
    color,
    data: stats.days.map((d) => ({ x: utcDate(d.day), y: d[key] as number, xAxisCalloutData: fmt.day(d.day) })),
  }));

  return (
    <div className={styles.grid}>
      <ChartCard
        id="conversions"
        title={label('conversionsPerDay')}
        height={CHART_HEIGHT}
        table={{
          columns: [label('day'), label('conversions'), label('succeeded'), label('failed')],
          rows: stats.days.map((d) => ({ key: d.day, cells: [d.day, fmt.count(d.conversions), fmt.count(d.succeeded), fmt.count(d.failed)] })),
        }}
      >
        <ResponsiveContainer>
          <VerticalStackedBarChart
            data={perDay}
            chartTitle={label('conversionsPerDay')}
            culture={culture}
            hideLabels
            useUTC
            customDateTimeFormatter={dayTick}
            yAxisTickFormat={wholeTicks}
            barWidth="auto"
            maxBarWidth={24}
            yMinValue={0}
            enabledLegendsWrapLines
          />
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        id="engines"
        title={label('engineShare')}
        height={CHART_HEIGHT}
        table={{
          columns: [label('engine'), label('conversions'), label('share')],
          rows: [
            { key: 'browser', cells: [label('browser'), fmt.count(stats.engines.browser), share(stats.engines.browser)] },
            { key: 'server', cells: [label('server'), fmt.count(stats.engines.server), share(stats.engines.server)] },
          ],
        }}
      >
        <ResponsiveContainer>
          <DonutChart
            data={{
              chartData: [
                { legend: label('browser'), data: stats.engines.browser, color: palette(DataVizPalette.color1) },
                { legend: label('server'), data: stats.engines.server, color: palette(DataVizPalette.color2) },
              ],
            }}
            innerRadius={55}
            valueInsideDonut={fmt.count(engineTotal)}
            culture={culture}
          />
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        id="types"
        title={label('perType')}
        height={Math.max(CHART_HEIGHT, 60 + stats.types.length * 36)}
        table={{
          columns: [label('type'), label('conversions'), label('succeeded'), label('failed')],
          rows: stats.types.map((ty) => ({ key: ty.convertType, cells: [typeLabel(ty.convertType), fmt.count(ty.conversions), fmt.count(ty.succeeded), fmt.count(ty.failed)] })),
        }}
      >
        <ResponsiveContainer>
          <HorizontalBarChartWithAxis data={perType} chartTitle={label('perType')} culture={culture} hideLegend useSingleColor colors={[palette(DataVizPalette.color1)]} showYAxisLables showYAxisLablesTooltip noOfCharsToTruncate={14} />
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        id="signups"
        title={label('signupsOrders')}
        height={CHART_HEIGHT}
        table={{
          columns: [label('day'), label('newUsers'), label('ordersCreated'), label('ordersPaid')],
          rows: stats.days.map((d) => ({ key: d.day, cells: [d.day, fmt.count(d.newUsers), fmt.count(d.ordersCreated), fmt.count(d.ordersPaid)] })),
        }}
      >
        <ResponsiveContainer>
          <LineChart data={{ chartTitle: label('signupsOrders'), lineChartData: lines }} culture={culture} useUTC customDateTimeFormatter={dayTick} yAxisTickFormat={wholeTicks} yMinValue={0} enabledLegendsWrapLines />
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
