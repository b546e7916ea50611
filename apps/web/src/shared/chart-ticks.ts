/*
 * The axes of the app's charts (@mantine/charts over recharts), drawn without measuring text. recharts
 * measures labels in a hidden span, a forced layout each: to choose which labels fit when an axis has no
 * fixed `interval` (hidden axes too), for a grid's vertical lines even when none are drawn, and word by word
 * when a label is given a width, which it gives each tick (its axis's). Before these, the Dashboard's first
 * two charts measured 74 texts at 412 px wide.
 */

/** @mantine/charts' own tick style, without the axis's width: a label is one line, with nothing to wrap. */
const tick = (transform: string) => ({ transform, fontSize: 12, fill: 'currentColor', width: undefined });

/** The X axis's labels. */
export const X_TICK = tick('translate(0, 10)');

/** The left Y axis's labels. */
export const Y_TICK = tick('translate(-10, 0)');

/** The `interval` that labels every nth of `count` categories, about `shown` labels in all. */
export const labelInterval = (count: number, shown = 6) => Math.max(0, Math.ceil(count / shown) - 1);

/** The grid of a chart without vertical lines: recharts places them all the same, from measured X labels. */
export const NO_VERTICAL_GRID_LINES = { verticalCoordinatesGenerator: () => [] };
