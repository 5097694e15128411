import { Center, Loader } from '@mantine/core';

/** Shown while a route or the translations load; labelled so screen readers announce it. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center h="100dvh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

export function SectionLoader({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}
