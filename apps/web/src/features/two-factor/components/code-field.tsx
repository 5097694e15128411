import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * The field a code is typed into: a 6-digit code from the authenticator app, or (with `recovery`)
 * a recovery code too. The browser and password managers offer one-time codes here.
 */
export function CodeField({ recovery = false, ...props }: TextInputProps & { recovery?: boolean }) {
  return (
    <TextInput
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      spellCheck={false}
      maxLength={recovery ? 40 : 6}
      required
      {...props}
    />
  );
}
