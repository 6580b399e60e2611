import DotLoading from 'antd-mobile/es/components/dot-loading';
import type { AreaSeriesPartialOptions, IChartApi, ISeriesApi, MouseEventParams } from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { type PriceTone, priceToneClass } from '../../../lib/priceTone';
import { type ChartPoint, formatChartPrice, type Readout, readoutAt, toChartData, withAlpha } from '../chart';

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

/** The line in the headline's tone: red up, green down, the text colour when the price did not move. */
function seriesColours(tone: PriceTone): AreaSeriesPartialOptions {
  const colour =
    tone === 'up'
      ? themeColour('--mm-up', '#e5322d')
      : tone === 'down'
        ? themeColour('--mm-down', '#11a05a')
        : themeColour('--mm-text', '#1b2330');
  return { lineColor: colour, topColor: withAlpha(colour, 0.28), bottomColor: withAlpha(colour, 0.02) };
}

/** The day under the crosshair, or a hint to touch the line while there is none; one line high either way. */
function ReadoutLine({ readout }: { readout: Readout | null }) {
  const { t } = useTranslation('markets');
  if (!readout) {
    return (
      <div className="mm-chart-readout is-idle" data-testid="chart-readout">
        {t('detail.readoutHint')}
      </div>
    );
  }
  return (
    <div className="mm-chart-readout" data-testid="chart-readout" aria-live="polite">
      <span className="mm-chart-readout-date">{readout.date}</span>
      <strong className={priceToneClass(readout.tone)}>{readout.price}</strong>
      <span className={priceToneClass(readout.tone)}>
        {readout.amount} {readout.amount === '--' ? '' : readout.percent}
      </span>
    </div>
  );
}

/**
 * The price line of market_detail. lightweight-charts is imported here, when the chart is first
 * shown, so no other page (and not the home route) downloads it. The line takes the headline's tone
 * (`tone`: the latest change, red up, green down), so the two never disagree. Touching or pointing at
 * the line reads out that day's price and its change against the day before. The library's logo is
 * not drawn in the plot: its licence's attribution is on the settings page's About instead.
 */
export function PriceChart({
  points,
  tone,
  busy,
}: {
  points: readonly { date: string; price: string }[];
  tone: PriceTone;
  busy: boolean;
}) {
  const { t } = useTranslation('markets');
  const [lang] = useLanguage();
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const data: ChartPoint[] = useMemo(() => toChartData(points), [points]);
  const [readout, setReadout] = useState<Readout | null>(null);

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
            attributionLogo: false,
          },
          grid: {
            vertLines: { visible: false },
            horzLines: { color: themeColour('--mm-border', '#e7eaf0') },
          },
          rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.12, bottom: 0.2 } },
          timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
          localization: { priceFormatter: formatChartPrice, dateFormat: 'yyyy-MM-dd' },
          handleScale: { mouseWheel: false, pinch: true, axisPressedMouseMove: false },
          handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: false, vertTouchDrag: false },
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
      ...seriesColours(tone),
      pointMarkersVisible: data.length <= MARKED_POINTS,
      pointMarkersRadius: 2.5,
    });
    current.series.setData(data);
    current.chart.timeScale().fitContent();
  }, [ready, data, tone]);

  useEffect(() => {
    const current = drawn.current;
    const plot = box.current;
    if (!ready || !current || !plot) return;
    const { chart, series } = current;
    // A logical index on the time scale is the index of the point in `data`, as given to setData.
    let touched = false;
    const follow = (event: MouseEventParams) => {
      // Once a finger has used the chart `touch` reads it out; the events of the crosshair it places are no pointer's.
      if (touched || !event.sourceEvent) return;
      setReadout(event.point ? readoutAt(data, event.logical) : null);
    };
    // The library shows its crosshair to a finger only after a long press; a trader taps or slides, so a
    // touch puts the crosshair on the day under it at once, and the day stays read out after the finger lifts.
    const touch = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      touched = true;
      const logical = chart.timeScale().coordinateToLogical(event.clientX - plot.getBoundingClientRect().left);
      const found = readoutAt(data, logical);
      const point = logical === null ? undefined : data[Math.round(logical)];
      if (found && point) chart.setCrosshairPosition(point.value, point.time, series);
      setReadout(found);
    };
    chart.subscribeCrosshairMove(follow);
    plot.addEventListener('pointerdown', touch);
    plot.addEventListener('pointermove', touch);
    return () => {
      chart.unsubscribeCrosshairMove(follow);
      plot.removeEventListener('pointerdown', touch);
      plot.removeEventListener('pointermove', touch);
      setReadout(null);
    };
  }, [ready, data]);

  const overlay = failed ? (
    <span>{t('detail.chartFailed')}</span>
  ) : !ready || busy ? (
    <DotLoading color="primary" />
  ) : data.length === 0 ? (
    <span>{t('detail.noData')}</span>
  ) : null;

  return (
    <div className="mm-chart" data-testid="price-chart" data-points={data.length} data-tone={tone}>
      <ReadoutLine readout={overlay ? null : readout} />
      <div className="mm-chart-plot">
        <div ref={box} className="mm-chart-canvas" />
        {overlay && <div className="mm-chart-overlay">{overlay}</div>}
      </div>
    </div>
  );
}
