/**
 * The Mantine theme: light, blue primary, pink secondary, chosen once for every screen
 * to meet WCAG 2.1 AA (docs/ARCHITECTURE.md, "Accessibility").
 *
 * Contrast (4.5:1 for text) is settled here, not per component:
 * - filled controls use shade 8 of their colour (white on blue 8 is 5.0:1; Mantine's
 *   default shade 6 gives 3.6:1), and so do links and coloured text (`c="red"`);
 * - the palettes whose shade 8 or 9 is too light for that (orange, green, teal, yellow,
 *   red) get darker shades 8 and 9, so a warning in `orange.8` or a light badge (shade 9
 *   on shade 1) reads at AA;
 * - dimmed text, placeholders and input errors get darker values than Mantine's.
 * Names for icon-only buttons Mantine draws itself (dialog and notification close
 * buttons, pagination arrows, the password toggle, which is also reachable with Tab) and
 * dialog headers that are not page banners are default props here.
 *
 * Motion: on a device set to reduce motion, dialogs, menus, collapsing sections and
 * notifications appear and leave at once, without their transitions. The browser specs
 * run with that setting (docs/TESTING.md, "How long").
 */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

/** The product's secondary colour, for accents (badges, secondary actions). */
export const SECONDARY_COLOR = 'pink';

/** Mantine's palette with AA-strength shades 8 and 9 in place of its own. */
function withDarkShades(light: readonly string[], shade8: string, shade9: string): MantineColorsTuple {
  return [...light.slice(0, 8), shade8, shade9] as unknown as MantineColorsTuple;
}

const colors = {
  red: withDarkShades(['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#f03e3e'], '#c92a2a', '#a61e1e'),
  orange: withDarkShades(['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f76707'], '#c2410c', '#9a3412'),
  green: withDarkShades(['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d'], '#257a36', '#1e642c'),
  teal: withDarkShades(['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678'], '#087259', '#065f49'),
  yellow: withDarkShades(['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#fab005', '#f59f00'], '#a15c00', '#7f4a00'),
};

/** Grey text that still reads at AA on white (6.1:1) and on the light grey panels (5.5:1). */
const DIMMED = '#5c636a';
/** Placeholders: lighter than dimmed text, still 4.9:1 on a white box. */
const PLACEHOLDER = '#6b7178';

const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-placeholder': PLACEHOLDER,
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});

const CLOSE_DIALOG = { 'aria-label': 'Close dialog' };
/** A dialog's header holds its title; it is not the page's banner landmark. */
const DIALOG_HEADER = { header: { role: 'presentation' } };
const PAGINATION_LABELS: Record<string, string> = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

const themeOverride: MantineThemeOverride = {
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  colors,
  other: { secondaryColor: SECONDARY_COLOR },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  // Mantine's 2 px ring on whatever has keyboard focus; inputs get theirs in focus.css.
  focusRing: 'auto',
  respectReducedMotion: true,
  components: {
    Modal: { defaultProps: { closeButtonProps: CLOSE_DIALOG, attributes: DIALOG_HEADER } },
    Drawer: { defaultProps: { closeButtonProps: CLOSE_DIALOG, attributes: DIALOG_HEADER } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
    Pagination: { defaultProps: { getControlProps: (control: string) => ({ 'aria-label': PAGINATION_LABELS[control] ?? control }) } },
  },
};

export const theme = createTheme(themeOverride);
export { cssVariablesResolver };
