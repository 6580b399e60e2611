import DotLoading from 'antd-mobile/es/components/dot-loading';
import type { AreaSeriesPartialOptions, IChartApi, ISeriesApi } from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { type ChartPoint, formatChartPrice, periodDirection, toChartData, withAlpha } from '../chart';
import type { Direction } from '../format';

/** Up to this many points (a week or a month), each trading day is marked on the line. */
const MARKED_POINTS = 31;

interface Drawn {
  chart: IChartApi;
  series: ISeriesApi<'Area'>;
}

/** The theme's colours (global.css), read once the chart is drawn: the canvas cannot use CSS variables. */
function themeColour(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function seriesColours(direction: Direction): AreaSeriesPartialOptions {
  const colour =
    direction === 'up'
      ? themeColour('--mm-up', '#e5322d')
      : direction === 'down'
        ? themeColour('--mm-down', '#11a05a')
        : themeColour('--mm-primary', '#1d4f91');
  return { lineColor: colour, topColor: withAlpha(colour, 0.28), bottomColor: withAlpha(colour, 0.02) };
}

/**
 * The price line of market_detail. lightweight-charts is imported here, when the chart is first
 * shown, so no other page (and not the home route) downloads it. The line is red when the price
 * rose over the period shown, green when it fell.
 */
export function PriceChart({ points, busy }: { points: readonly { date: string; price: string }[]; busy: boolean }) {
  const { t } = useTranslation('markets');
  const [lang] = useLanguage();
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const data: ChartPoint[] = useMemo(() => toChartData(points), [points]);
  const direction = periodDirection(data);

  useEffect(() => {
    let disposed = false;
    let chart: IChartApi | undefined;
    import('lightweight-charts')
      .then(({ createChart, AreaSeries, ColorType }) => {
        if (disposed || !box.current) return;
        chart = createChart(box.current, {
          autoSize: true,
          layout: {
            background: { type: ColorType.Solid, color: 'transparent' },
            textColor: themeColour('--mm-text-2', '#566275'),
            fontSize: 11,
            fontFamily: themeColour('--mm-font', 'system-ui'),
          },
          grid: {
            vertLines: { visible: false },
            horzLines: { color: themeColour('--mm-border', '#e7eaf0') },
          },
          rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.12, bottom: 0.2 } },
          timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
          localization: { priceFormatter: formatChartPrice, dateFormat: 'yyyy-MM-dd' },
          handleScale: { mouseWheel: false, pinch: true, axisPressedMouseMove: false },
          handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
        });
        const series = chart.addSeries(AreaSeries, {
          lineWidth: 2,
          priceLineVisible: false,
          priceFormat: { type: 'custom', formatter: formatChartPrice, minMove: 0.01 },
        });
        drawn.current = { chart, series };
        setReady(true);
      })
      .catch((error: unknown) => {
        console.warn('[markets] the chart could not load', error);
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      drawn.current = null;
      chart?.remove();
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    drawn.current?.chart.applyOptions({ localization: { locale: lang } });
  }, [ready, lang]);

  useEffect(() => {
    const current = drawn.current;
    if (!ready || !current) return;
    current.series.applyOptions({
      ...seriesColours(direction),
      pointMarkersVisible: data.length <= MARKED_POINTS,
      pointMarkersRadius: 2.5,
    });
    current.series.setData(data);
    current.chart.timeScale().fitContent();
  }, [ready, data, direction]);

  const overlay = failed ? (
    <span>{t('detail.chartFailed')}</span>
  ) : !ready || busy ? (
    <DotLoading color="primary" />
  ) : data.length === 0 ? (
    <span>{t('detail.noData')}</span>
  ) : null;

  return (
    <div className="mm-chart" data-testid="price-chart" data-points={data.length}>
      <div ref={box} className="mm-chart-canvas" />
      {overlay && <div className="mm-chart-overlay">{overlay}</div>}
    </div>
  );
}
