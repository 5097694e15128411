import { Group, Text } from '@mantine/core';

/** The Fluxo mark and word; decorative next to a visible name, so the mark itself is hidden from readers. */
export function Logo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={inverted ? '#ffffff' : '#1c4e80'} />
        <path
          d="M16 42c8-14 16-14 24-6s12 2 14-4"
          fill="none"
          stroke={inverted ? '#1c4e80' : '#7fd1c7'}
          strokeWidth="6"
          strokeLinecap="round"
        />
        <path
          d="M16 26c8-12 16-12 24-5"
          fill="none"
          stroke={inverted ? '#3a86c8' : '#ffffff'}
          strokeWidth="6"
          strokeLinecap="round"
        />
      </svg>
      <Text
        component="span"
        fw={800}
        fz={size * 0.7}
        lh={1}
        c={inverted ? 'white' : 'brand.8'}
        style={{ letterSpacing: '-0.02em' }}
      >
        Fluxo
      </Text>
    </Group>
  );
}
