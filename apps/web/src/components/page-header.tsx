import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  description,
  eyebrow,
}: {
  title: string;
  description?: ReactNode;
  eyebrow?: string;
}) {
  return (
    <Stack gap={6} mb="xl">
      {eyebrow && (
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
          {eyebrow}
        </Text>
      )}
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" maw={720}>
          {description}
        </Text>
      )}
    </Stack>
  );
}
