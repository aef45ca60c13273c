/** The Mantine theme of SPEC 2: light, blue primary, pink secondary. */
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  other: { secondaryColor: 'pink' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
});

/** SPEC 2's secondary colour, for accents (badges, secondary actions). */
export const SECONDARY_COLOR = 'pink';
