import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useT, type Translate } from '@/lib/messages';
import { staffInsightsMessages } from '@/messages/staff-insights';
import { stepName } from '@/features/backoffice/members/member-text';
import type { Funnel, FunnelStep } from './api/get-funnel';
import { countText, countValue, percentText } from './report-text';
import styles from './FunnelChart.module.css';

// The funnel as bars, drawn here rather than by a chart library: one bar per step in the survey's
// order, as long as the members who reached it, with the part that left since the main step before
// drawn as a pale dashed box behind it. A step only a branch leads to is indented and lighter. A
// count under the privacy floor has no length to draw: it is a short hatched stub of one fixed
// size, with "fewer than 5" beside it, never a made-up length.
//
// The drawing is laid out for the width it is given (measured, then kept up to date), in pixels,
// so its text stays the page's size on a phone and on a desktop: on a wide screen the step names
// take a column on the left; on a narrow one each name sits over its bar. The viewBox is that same
// size, so the drawing still scales to its box if the width changes before it is measured again.
// Screen readers get the drawing's summary; the table under it has every number.

/** The width the chart is laid out for until it is measured (and in tests, which have no layout). */
const DEFAULT_WIDTH = 720;
/** Below this width each step's name goes over its bar rather than beside it. */
const NARROW = 560;
/** STUB is the width of the hatched stub of a hidden count: a fixed mark, not a length. */
export const STUB = 14;
/** Room left after the longest bar for its number ("fewer than 5", "1,204 (100%)"). */
const NUMBER_ROOM = 112;
const GAP = 8;

export interface BarLayout {
  slug: string;
  branch: boolean;
  /** label is where the step's name starts and sits (its baseline). */
  label: { x: number; y: number };
  /** bar is the drawn bar: a length for a count, a stub when it is hidden, none for zero. */
  bar: { x: number; y: number; width: number; height: number; kind: 'count' | 'hidden' | 'zero' };
  /** dropOff is the pale box for those who left since the main step before, when the report shows it. */
  dropOff: { x: number; width: number } | null;
  /** number is where the step's count is written. */
  number: { x: number; y: number };
  /** elbow joins a branch to the step it branches from. */
  elbow: { x: number; y1: number; y2: number; x2: number } | null;
}

export interface ChartLayout {
  width: number;
  height: number;
  narrow: boolean;
  bars: BarLayout[];
}

/**
 * chartLayout places every step's name, bar and number for a drawing width wide. Bars share one
 * scale: the largest count shown. Only counts the report gives have a length.
 */
export function chartLayout(steps: readonly FunnelStep[], width: number): ChartLayout {
  const narrow = width < NARROW;
  const pitch = narrow ? 46 : 32;
  const barHeight = narrow ? 14 : 16;
  const indent = 18;
  const labelColumn = narrow ? 0 : Math.min(300, Math.round(width * 0.36));
  const barStart = narrow ? 0 : labelColumn + 12;
  const barRoom = Math.max(40, width - barStart - NUMBER_ROOM);
  const max = Math.max(1, ...steps.map((s) => countValue(s.reached) ?? 0));
  const length = (n: number) => (n / max) * barRoom;

  let previousMain: { end: number | null } | null = null;
  const bars = steps.map((step, i): BarLayout => {
    const top = 4 + i * pitch;
    const barY = narrow ? top + 22 : top + (pitch - barHeight) / 2;
    const x0 = narrow && step.branch ? indent : barStart;
    const n = countValue(step.reached);
    const kind = n === null ? 'hidden' : n === 0 ? 'zero' : 'count';
    const barWidth = kind === 'hidden' ? STUB : kind === 'count' ? Math.max(1, length(n!)) : 0;
    const end = kind === 'count' ? x0 + barWidth : null;

    // The members who left since the main step before: the part of its bar this one lacks. It is
    // drawn only when both counts and the drop-off are shown, so no hidden number gets a length.
    let dropOff: BarLayout['dropOff'] = null;
    const drop = step.dropOff ? countValue(step.dropOff) : null;
    if (!step.branch && previousMain?.end != null && end !== null && drop !== null && drop > 0 && previousMain.end > end) {
      dropOff = { x: end, width: previousMain.end - end };
    }
    const after = Math.max(x0 + barWidth, dropOff ? dropOff.x + dropOff.width : 0);
    const labelX = step.branch ? (narrow ? indent : indent + 4) : 0;
    const label = narrow ? { x: labelX, y: top + 15 } : { x: labelX, y: barY + barHeight / 2 + 5 };
    // The elbow runs down from under the step before and turns towards the branch's name.
    const elbow = step.branch && i > 0 ? { x: 6, y1: top - (narrow ? 6 : 8), y2: label.y - 5, x2: labelX - 4 } : null;

    if (!step.branch) previousMain = { end };
    return {
      slug: step.slug,
      branch: step.branch,
      label,
      bar: { x: x0, y: barY, width: barWidth, height: barHeight, kind },
      dropOff,
      number: { x: after + GAP, y: barY + barHeight / 2 + 5 },
      elbow,
    };
  });
  return { width, height: 8 + steps.length * pitch, narrow, bars };
}

/** useWidth measures an element's width, and keeps it up to date as the page changes size. */
function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const w = Math.round(element.clientWidth);
      if (w > 0) setWidth(w);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** safeId turns a React id into one that url(#…) takes as it is. */
function safeId(id: string): string {
  return `c${id.replace(/[^\w-]/g, '')}`;
}

/**
 * FunnelChart draws the funnel's steps as bars, with a summary for screen readers: how many
 * reached the first and the last step, and where the most members left.
 */
export function FunnelChart({ funnel }: { funnel: Funnel }) {
  const t = useT(staffInsightsMessages);
  const id = safeId(useId());
  const [ref, width] = useWidth<HTMLDivElement>();
  const layout = chartLayout(funnel.steps, width);
  const count = (step: FunnelStep) => countText(t, step.reached, funnel.minCellSize);

  return (
    <div ref={ref} className={styles.chart}>
      <svg
        className={styles.svg}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        width="100%"
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        preserveAspectRatio="xMinYMin meet"
      >
        <title id={`${id}-title`}>{t('chartTitle')}</title>
        <desc id={`${id}-desc`}>{chartSummary(t, funnel)}</desc>
        <defs>
          <pattern id={`${id}-hatch`} patternUnits="userSpaceOnUse" width="5" height="5" patternTransform="rotate(45)">
            <rect className={styles.hatchGround} width="5" height="5" />
            <line className={styles.hatchLine} x1="0" y1="0" x2="0" y2="5" />
          </pattern>
        </defs>
        {layout.bars.map((bar, i) => {
          const step = funnel.steps[i]!;
          return (
            <g key={bar.slug}>
              {bar.elbow ? (
                <path className={styles.elbow} d={`M${bar.elbow.x} ${bar.elbow.y1}V${bar.elbow.y2}H${bar.elbow.x2}`} />
              ) : null}
              <text className={bar.branch ? `${styles.label} ${styles.branchLabel}` : styles.label} x={bar.label.x} y={bar.label.y}>
                {stepName(step.slug)}
                {bar.branch ? <tspan className={styles.branchWord}>{` · ${t('branch')}`}</tspan> : null}
              </text>
              {bar.dropOff ? (
                <rect className={styles.dropOff} x={bar.dropOff.x} y={bar.bar.y} width={bar.dropOff.width} height={bar.bar.height} rx="2" />
              ) : null}
              {bar.bar.kind === 'count' ? (
                <rect className={bar.branch ? styles.branchBar : styles.bar} x={bar.bar.x} y={bar.bar.y} width={bar.bar.width} height={bar.bar.height} rx="2" />
              ) : null}
              {bar.bar.kind === 'hidden' ? (
                <rect className={styles.stub} x={bar.bar.x} y={bar.bar.y} width={bar.bar.width} height={bar.bar.height} rx="2" fill={`url(#${id}-hatch)`} />
              ) : null}
              {bar.bar.kind === 'zero' ? <line className={styles.zero} x1={bar.bar.x} x2={bar.bar.x} y1={bar.bar.y} y2={bar.bar.y + bar.bar.height} /> : null}
              <text className={bar.bar.kind === 'hidden' ? `${styles.number} ${styles.hiddenNumber}` : styles.number} x={bar.number.x} y={bar.number.y}>
                {count(step)}
                {step.reachedShare !== null && bar.bar.kind === 'count' ? <tspan className={styles.share}>{` (${percentText(step.reachedShare)})`}</tspan> : null}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className={styles.legend}>
        <li>
          <Swatch className={styles.bar} />
          {t('legendReached')}
        </li>
        <li>
          <Swatch className={styles.dropOff} />
          {t('legendDropOff')}
        </li>
        <li>
          <Swatch className={styles.stub} fill={`url(#${id}-hatch)`} />
          {t('legendHidden')}
        </li>
        <li>
          <Swatch className={styles.branchBar} />
          {t('legendBranch')}
        </li>
      </ul>
    </div>
  );
}

/** Swatch is a legend's sample of a bar. */
function Swatch({ className, fill }: { className?: string; fill?: string }) {
  return (
    <svg className={styles.swatch} width="22" height="14" viewBox="0 0 22 14" aria-hidden="true" focusable="false">
      <rect className={className} x="1" y="1" width="20" height="12" rx="2" fill={fill} />
    </svg>
  );
}

/**
 * chartSummary says in a few sentences what the bars show: how many reached the first and the last
 * step, where the most members left, and how hidden counts are drawn if there are any.
 */
export function chartSummary(t: Translate<typeof staffInsightsMessages>, funnel: Funnel): string {
  const main = funnel.steps.filter((s) => !s.branch);
  const first = main[0];
  const last = main.at(-1);
  if (!first || !last) return '';
  const fewer = (step: FunnelStep) => countText(t, step.reached, funnel.minCellSize);
  const parts = [t('chartSummary', { first: fewer(first), name: stepName(first.slug), then: fewer(last), other: stepName(last.slug) })];
  let biggest: { step: FunnelStep; n: number } | null = null;
  for (const step of main) {
    const n = step.dropOff ? countValue(step.dropOff) : null;
    if (n !== null && n > 0 && (!biggest || n > biggest.n)) biggest = { step, n };
  }
  if (biggest) parts.push(t('chartBiggestDrop', { name: stepName(biggest.step.slug), count: biggest.n }));
  if (funnel.steps.some((s) => countValue(s.reached) === null)) parts.push(t('chartHidden'));
  return parts.join(' ');
}
