import { Portal, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { dropExpired, useTwoFactorState } from '../two-factor-store.ts';
import { TwoFactorPrompt } from './two-factor-prompt.tsx';

/**
 * Shows the running two-factor challenges at the bottom right, newest last; none while the
 * add-connection modal is open (they wait, and show when it closes if still running). A toast closes
 * when its countdown ends.
 */
export function TwoFactorHost() {
  const { challenges, modalOpen } = useTwoFactorState();
  useEffect(() => {
    if (challenges.length === 0) return;
    const timer = setInterval(() => dropExpired(), 500);
    return () => clearInterval(timer);
  }, [challenges.length]);
  if (modalOpen || challenges.length === 0) return null;
  return (
    <Portal>
      <Stack
        gap="sm"
        style={{
          position: 'fixed',
          right: 16,
          bottom: 16,
          width: 'min(380px, calc(100vw - 32px))',
          zIndex: 1000,
        }}
      >
        {challenges.map((challenge) => (
          <TwoFactorPrompt key={challenge.connectionId} challenge={challenge} />
        ))}
      </Stack>
    </Portal>
  );
}
