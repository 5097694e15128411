import { createTheme, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#e8f1fa',
  '#cfe0f2',
  '#a2c2e4',
  '#71a2d6',
  '#4886ca',
  '#2f74c1',
  '#1f68bb',
  '#1a5aa3',
  '#144e8f',
  '#0a4280',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});
